import crypto from 'node:crypto';
import { type SiteLanguage, contactFormAnchor, escapeHtml, pages } from '@blitz/contract';

/** The texts of the not-found page, from the site texts (common.json's `notFound`, `nav`, `footer`), as staff published them. */
export type NotFoundTexts = {
  title: string;
  text: string;
  otherLanguage: string;
  home: string;
  projects: string;
  contact: string;
  imprint: string;
  navigation: string;
  companyName: string;
};

// The page's own styles, allowed by their hash: the page needs nothing of the web build, so it
// is whole even on a server without one, and loads nothing but itself.
const styles = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff;line-height:1.5}',
  'header{background:#0b3a6e;color:#fff;padding:1rem 1.5rem;display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}',
  'header a{color:#fff}',
  '.brand{font-weight:700;font-size:1.25rem;text-decoration:none}',
  'main{max-width:40rem;margin:0 auto;padding:3rem 1.5rem}',
  'h1{font-size:2rem;margin:0 0 1rem}',
  'main ul{padding-left:1.25rem}',
  'main li{margin:.5rem 0}',
  'main a{color:#0b3a6e;font-weight:600}',
  'footer{border-top:1px solid #e5e7eb;padding:1rem 1.5rem;text-align:center}',
  'footer a{color:#374151}',
  'a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
].join('');

export const notFoundPageCsp = [
  "default-src 'none'",
  `style-src 'sha256-${crypto.createHash('sha256').update(styles).digest('base64')}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A page's address in a language: German without a parameter, English with ?lang=en (as every page of the site). */
const inLanguage = (path: string, lang: SiteLanguage) => (lang === 'de' ? path : `${path}?lang=${lang}`);

/**
 * The not-found page (decision 047): complete HTML without a script, in the visitor's language,
 * with the way home, to the references and to the contact form, and the other language's
 * version of the same address. Not indexed.
 */
export function notFoundPage(lang: SiteLanguage, path: string, texts: NotFoundTexts): string {
  const e = escapeHtml;
  const other: SiteLanguage = lang === 'de' ? 'en' : 'de';
  const otherHref = other === 'de' ? `${path}?lang=de` : `${path}?lang=en`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(texts.title)} – ${e(texts.companyName)}</title>
<style>${styles}</style>
</head>
<body>
<header><a class="brand" href="${e(inLanguage(pages.home.path, lang))}">${e(texts.companyName)}</a><a href="${e(otherHref)}" hreflang="${other}" lang="${other}">${e(texts.otherLanguage)}</a></header>
<main id="main">
<h1>${e(texts.title)}</h1>
<p>${e(texts.text)}</p>
<nav aria-label="${e(texts.navigation)}"><ul>
<li><a href="${e(inLanguage(pages.home.path, lang))}">${e(texts.home)}</a></li>
<li><a href="${e(inLanguage(pages.projects.path, lang))}">${e(texts.projects)}</a></li>
<li><a href="${e(inLanguage(pages.contactus.path, lang))}#${contactFormAnchor}">${e(texts.contact)}</a></li>
</ul></nav>
</main>
<footer><a href="${e(inLanguage(pages.impressum.path, lang))}">${e(texts.imprint)}</a></footer>
</body>
</html>
`;
}

const textAt = (tree: Record<string, unknown> | undefined, path: string): string | undefined => {
  let node: unknown = tree;
  for (const part of path.split('.'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** The page's texts from a language's common texts (published over shipped), with the company's name put in. */
export function notFoundTextsOf(
  common: Record<string, unknown> | undefined,
  companyName: string,
  lang: SiteLanguage,
): NotFoundTexts {
  const fallback =
    lang === 'de'
      ? ['Seite nicht gefunden', 'Start', 'Referenzen', 'Kontakt']
      : ['Page not found', 'Home', 'References', 'Contact'];
  return {
    title: textAt(common, 'notFound.title') ?? fallback[0]!,
    text: textAt(common, 'notFound.text') ?? '',
    otherLanguage: textAt(common, 'notFound.otherLanguage') ?? (lang === 'de' ? 'In English' : 'Auf Deutsch'),
    home: textAt(common, 'nav.home') ?? fallback[1]!,
    projects: textAt(common, 'nav.projects') ?? fallback[2]!,
    contact: textAt(common, 'nav.contact') ?? fallback[3]!,
    imprint: textAt(common, 'footer.imprint') ?? 'Impressum',
    navigation: textAt(common, 'nav.label') ?? '',
    companyName,
  };
}
