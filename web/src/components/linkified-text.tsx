import { Fragment, type ReactNode } from 'react';
import { ExternalLink } from './external-link';

// E-mail addresses and web addresses inside a translated text; a trailing full stop is not part of them.
const linkPattern = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)|(https?:\/\/[^\s,;)]+[^\s,;).])/g;

/**
 * A translated text with its e-mail and web addresses as links, so that texts keep whole
 * sentences in the locale files instead of being cut around every address.
 */
export function LinkifiedText({ text, linkClassName = 'link' }: { text: string; linkClassName?: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const [whole, email, url] = match;
    parts.push(text.slice(last, match.index));
    if (email) {
      parts.push(
        <a key={match.index} href={`mailto:${email}`} className={linkClassName}>
          {email}
        </a>,
      );
    } else if (url) {
      parts.push(
        <ExternalLink key={match.index} href={url} className={linkClassName}>
          {url.replace(/^https?:\/\//, '')}
        </ExternalLink>,
      );
    }
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
