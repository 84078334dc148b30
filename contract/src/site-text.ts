import { z } from 'zod';
import { berlinYear } from './berlin-time';
import { companyInterpolation } from './company';
import { type CompanyDetails, companyInterpolationOf } from './company-details';
import { type SiteLanguage, siteLanguages } from './languages';

/**
 * The locale namespaces visitors read, in the order the dashboard groups them (by page). The
 * dashboard's own texts (admin, inbox) are not content.
 */
export const editableTextNamespaces = [
  'common',
  'homepage',
  'servicespage',
  'BlitzSchutz',
  'aboutus',
  'kontactus',
  'JobsPage',
  'projects',
  'ImprintPage',
  'contact',
] as const;
export type EditableTextNamespace = (typeof editableTextNamespaces)[number];

export function isEditableTextNamespace(value: unknown): value is EditableTextNamespace {
  return (editableTextNamespaces as readonly unknown[]).includes(value);
}

/** Limits of a page text, shared by the server and the dashboard. */
export const siteTextLimits = { keyMaxLength: 200, contentMaxLength: 20_000 } as const;

/**
 * One text of a locale file, addressed by its path (`faq.items.3.answer`). A list of strings
 * (a service's bullets) is one text, its items one per line (`lines`), so that staff edit it as
 * text with line breaks, not as JSON.
 */
export type TextLeaf = { key: string; value: string; lines: boolean };

type Tree = Record<string, unknown>;

/** Every text of a locale file, in the file's order. */
export function flattenTexts(tree: unknown, prefix = ''): TextLeaf[] {
  const leaves: TextLeaf[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') leaves.push({ key: path, value: node, lines: false });
    else if (Array.isArray(node) && node.every((item) => typeof item === 'string'))
      leaves.push({ key: path, value: node.join('\n'), lines: true });
    else if (node && typeof node === 'object')
      for (const [name, child] of Object.entries(node)) walk(child, path ? `${path}.${name}` : name);
  };
  walk(tree, prefix);
  return leaves;
}

/** A text's lines as a list's items: blank lines dropped, each trimmed. */
export function textLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * A copy of a locale file with some of its texts replaced (`key` → text). A key the file does
 * not have is left out (a text of an older release); a list takes the text's lines.
 */
export function applyTexts<T>(tree: T, replaced: ReadonlyMap<string, string>): T {
  if (replaced.size === 0) return tree;
  const copy = structuredClone(tree) as unknown as Tree;
  for (const [key, value] of replaced) {
    const names = key.split('.');
    let node: unknown = copy;
    for (const name of names.slice(0, -1)) node = node && typeof node === 'object' ? (node as Tree)[name] : undefined;
    const last = names.at(-1)!;
    if (!node || typeof node !== 'object' || !(last in node)) continue;
    const current = (node as Tree)[last];
    if (typeof current === 'string') (node as Tree)[last] = value;
    else if (Array.isArray(current) && current.every((item) => typeof item === 'string')) (node as Tree)[last] = textLines(value);
  }
  return copy as unknown as T;
}

/** The `{{name}}` placeholders a text uses. */
export function textPlaceholders(value: string): string[] {
  return [...new Set([...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!))];
}

/** Placeholders every text may use: the company's details (company.ts) and the year. */
export const sharedTextPlaceholders: readonly string[] = [...Object.keys(companyInterpolation), 'year'];

/** The values of the shared placeholders: the company's saved details and the year (Berlin). */
export function sharedPlaceholderValues(settings: CompanyDetails, now = new Date()): Record<string, string> {
  return { ...companyInterpolationOf(settings), year: berlinYear(now) };
}

/**
 * Fills a text's `{{name}}` placeholders as i18next does (spaces inside the braces allowed); a
 * name without a value stays as written. The one fill function for every text the server sends
 * out — a page's head, JSON-LD, the browser's translations (issue 27, point 10); the web app's
 * i18next fills the same names with the same values (`sharedPlaceholderValues`).
 */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * The placeholders a page text can fill: its default's own and the shared ones. The server
 * refuses a text with any other (it would show as `{{name}}`); the dashboard says so first.
 */
export function unknownTextPlaceholders(content: string, defaultText: string): string[] {
  const allowed = new Set([...textPlaceholders(defaultText), ...sharedTextPlaceholders]);
  return textPlaceholders(content).filter((name) => !allowed.has(name));
}

/** `PUT /Text`: a draft of one text in one language; `content: null` puts the shipped default back. */
export const siteTextChangeSchema = z.strictObject({
  namespace: z.enum(editableTextNamespaces),
  key: z.string().min(1).max(siteTextLimits.keyMaxLength),
  language: z.enum(siteLanguages),
  content: z
    .string()
    .max(siteTextLimits.contentMaxLength)
    .refine(
      (value) => value.trim() !== '',
      'must not be empty (a text is never published empty; reset it to the default instead)',
    )
    .nullable(),
  /**
   * The `updatedAt` this language of the text had when read (null: never changed): a save over
   * a text changed since is refused with 409 (decision 036). Left out: no check.
   */
  updatedAt: z.string().max(40).nullable().optional(),
});
export type SiteTextChange = z.infer<typeof siteTextChangeSchema>;

/** One language of a text: the shipped default, what visitors read (null: the default) and the draft. */
export type SiteTextState = {
  default: string;
  /** The published replacement of the default; null: visitors read the default. */
  published: string | null;
  /** Whether a draft waits for publishing; `draft` null with `hasDraft` means "back to the default". */
  hasDraft: boolean;
  draft: string | null;
  /** When it last changed (a draft saved, published); null: never. The version a save sends back. */
  updatedAt?: string | null;
};

/** One editable text in both languages. */
export type SiteTextEntry = {
  namespace: EditableTextNamespace;
  key: string;
  /** A list edited one item per line. */
  lines: boolean;
} & Record<SiteLanguage, SiteTextState>;

/** `GET /Text`: every editable text, and how many drafts wait. */
export type SiteTextList = { data: SiteTextEntry[]; count: number; drafts: number };

/** `POST /Text/Publish`: how many drafts went live. */
export type SiteTextPublished = { published: number };

/** A state's text as visitors read it now, and as the preview shows it. */
export const liveText = (state: SiteTextState): string => state.published ?? state.default;
export const draftText = (state: SiteTextState): string => (state.hasDraft ? (state.draft ?? state.default) : liveText(state));

// The answers' schemas, so that the web client checks them like every other answer (STYLE.md);
// `satisfies` keeps them and the types above the same.
export const siteTextStateSchema = z.object({
  default: z.string(),
  published: z.string().nullable(),
  hasDraft: z.boolean(),
  draft: z.string().nullable(),
  updatedAt: z.string().nullable().optional(),
}) satisfies z.ZodType<SiteTextState>;

export const siteTextEntrySchema = z.object({
  namespace: z.enum(editableTextNamespaces),
  key: z.string(),
  lines: z.boolean(),
  de: siteTextStateSchema,
  en: siteTextStateSchema,
}) satisfies z.ZodType<SiteTextEntry>;

export const siteTextListSchema = z.object({
  data: z.array(siteTextEntrySchema),
  count: z.number().int().nonnegative(),
  drafts: z.number().int().nonnegative(),
}) satisfies z.ZodType<SiteTextList>;

export const siteTextPublishedSchema = z.object({
  published: z.number().int().nonnegative(),
}) satisfies z.ZodType<SiteTextPublished>;
