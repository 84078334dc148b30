import {
  type CustomPage,
  type CustomPageSection,
  type CustomPageSectionKind,
  customPageLimits,
  customPageSectionSchema,
} from '@blitz/contract';
import { type MarkupProblem, markupProblems, markupToRichText, richTextToMarkup } from '../../../lib/rich-text-markup';

/** Words in German and English, as the form holds them. */
export type Bilingual = { de: string; en: string };
export type Focus = { x: number; y: number } | undefined;

/**
 * A section as the editor holds it: the contract's section with its rich texts as markup (what
 * staff type), a picture not chosen yet as `null`, and its id (the server's, or one made here for
 * a new section: the key that keeps its fields in place while sections move).
 */
export type SectionValues =
  | { id: string; kind: 'text'; text: Bilingual }
  | { id: string; kind: 'picture'; fileId: number | null; alt: Bilingual; caption: Bilingual; focus: Focus }
  | {
      id: string;
      kind: 'textPicture';
      text: Bilingual;
      fileId: number | null;
      alt: Bilingual;
      side: 'left' | 'right';
      focus: Focus;
    }
  | { id: string; kind: 'figures'; items: { value: string; label: Bilingual }[] }
  | {
      id: string;
      kind: 'references';
      heading: Bilingual;
      categoryId: number | null;
      order: 'newest' | 'staff';
      limit: number;
    }
  | { id: string; kind: 'callToAction'; heading: Bilingual; text: Bilingual; button: Bilingual; inquiryType: string }
  | { id: string; kind: 'downloads'; heading: Bilingual; fileIds: number[] }
  | { id: string; kind: 'faq'; heading: Bilingual; items: { question: Bilingual; answer: Bilingual }[] };

export type SectionOf<K extends CustomPageSectionKind> = Extract<SectionValues, { kind: K }>;

const empty = (): Bilingual => ({ de: '', en: '' });

/** A new section's id: as the server makes them (`[a-z0-9-]`), unique enough within one document. */
export function newSectionId(): string {
  return `n${Math.random().toString(36).slice(2, 9)}`;
}

/** How many references a new list shows. */
export const defaultReferencesShown = 3;

/** A new, empty section of a kind; a call to action starts with the first inquiry type there is. */
export function blankSection(kind: CustomPageSectionKind, inquiryType = 'priceInquiry', id = newSectionId()): SectionValues {
  switch (kind) {
    case 'text':
      return { id, kind, text: empty() };
    case 'picture':
      return { id, kind, fileId: null, alt: empty(), caption: empty(), focus: undefined };
    case 'textPicture':
      return { id, kind, text: empty(), fileId: null, alt: empty(), side: 'right', focus: undefined };
    case 'figures':
      return { id, kind, items: [{ value: '', label: empty() }] };
    case 'references':
      return { id, kind, heading: empty(), categoryId: null, order: 'newest', limit: defaultReferencesShown };
    case 'callToAction':
      return { id, kind, heading: empty(), text: empty(), button: empty(), inquiryType };
    case 'downloads':
      return { id, kind, heading: empty(), fileIds: [] };
    case 'faq':
      return { id, kind, heading: empty(), items: [{ question: empty(), answer: empty() }] };
  }
}

const markupOf = (text: { de: Parameters<typeof richTextToMarkup>[0]; en: Parameters<typeof richTextToMarkup>[0] }) => ({
  de: richTextToMarkup(text.de),
  en: richTextToMarkup(text.en),
});

/** A saved section as the editor holds it: its texts as markup. */
export function sectionValues(section: CustomPage['sections'][number]): SectionValues {
  switch (section.kind) {
    case 'text':
      return { id: section.id, kind: 'text', text: markupOf(section.text) };
    case 'picture':
      return { ...section, focus: section.focus };
    case 'textPicture':
      return { ...section, text: markupOf(section.text), focus: section.focus };
    case 'figures':
    case 'references':
    case 'callToAction':
    case 'downloads':
    case 'faq':
      return structuredClone(section);
  }
}

/** A document made of sections (a page, a news post), as staff read it: its sections, and its draft of changes'. */
export type SectionDocument = {
  sections: CustomPage['sections'];
  draft?: { sections: CustomPage['sections'] } | null | undefined;
};

/** A document's pending sections (its draft of changes, if it has one) as the editor holds them. */
export function sectionsOf(document: SectionDocument | undefined): SectionValues[] {
  return (document?.draft ?? document)?.sections.map(sectionValues) ?? [];
}

const blocksOf = (text: Bilingual) => ({ de: markupToRichText(text.de), en: markupToRichText(text.en) });

/** A section as it is sent: its markup read into blocks. A picture not chosen is sent as none (0), which the check names. */
export function sectionPayload(section: SectionValues): CustomPageSection {
  switch (section.kind) {
    case 'text':
      return { id: section.id, kind: 'text', text: blocksOf(section.text) };
    case 'picture': {
      const { focus, ...rest } = section;
      return { ...rest, fileId: section.fileId ?? 0, ...(focus ? { focus } : {}) };
    }
    case 'textPicture': {
      const { focus, ...rest } = section;
      return { ...rest, text: blocksOf(section.text), fileId: section.fileId ?? 0, ...(focus ? { focus } : {}) };
    }
    default:
      return section;
  }
}

/** `list` with the item at `from` moved to `to` (both within the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * What is wrong with one of a section's fields, as the editor says it (a key of the tab's
 * `errors` with its values): the field is named by its place in the section, `heading.de`,
 * `items.0.label.en`, `text.en`, `fileId`.
 */
export type SectionProblem =
  | { key: 'required' | 'invalid' | 'pickPicture' | 'pickDownloads' }
  | { key: 'tooLong'; max: number }
  | { key: 'tooMany'; max: number }
  | { key: 'markup'; problems: MarkupProblem[] }
  | { key: 'server'; message: string };
export type SectionProblems = Record<string, SectionProblem>;

const languages = ['de', 'en'] as const;

/** The field a path of the contract's check names: up to its language (`text.de`, not the block in it), else whole, a list's item aside (`fileIds`). */
function fieldOf(path: readonly PropertyKey[]): string {
  const language = path.findIndex((part) => part === 'de' || part === 'en');
  const field = language >= 0 ? path.slice(0, language + 1) : path;
  return (typeof field[field.length - 1] === 'number' ? field.slice(0, -1) : field).map(String).join('.');
}

/**
 * Why a section cannot be saved as it is: each rich text's links and limits (the markup's own
 * words), then the contract's check of the whole section (what the server would answer 400 to),
 * one problem per field.
 */
export function sectionProblems(section: SectionValues): SectionProblems {
  const problems: SectionProblems = {};
  if (section.kind === 'text' || section.kind === 'textPicture') {
    for (const language of languages) {
      const found = markupProblems(markupToRichText(section.text[language]));
      if (found.length) problems[`text.${language}`] = { key: 'markup', problems: found };
    }
  }
  const checked = customPageSectionSchema.safeParse(sectionPayload(section));
  if (checked.success) return problems;
  for (const issue of checked.error.issues) {
    const field = fieldOf(issue.path);
    if (problems[field]) continue;
    problems[field] = problemOf(field, issue);
  }
  return problems;
}

function problemOf(field: string, issue: { code: string; maximum?: unknown; minimum?: unknown }): SectionProblem {
  if (field === 'fileId') return { key: 'pickPicture' };
  if (field === 'fileIds')
    return issue.code === 'too_big' ? { key: 'tooMany', max: customPageLimits.downloads } : { key: 'pickDownloads' };
  if (issue.code === 'too_small') return { key: 'required' };
  if (issue.code === 'too_big')
    return field === 'items' ? { key: 'tooMany', max: Number(issue.maximum) } : { key: 'tooLong', max: Number(issue.maximum) };
  return { key: 'invalid' };
}

/**
 * The server's refusal of a document's sections (400 naming `sections.2.fileId`): per section's
 * index, its fields with the server's words (a file removed from the library meanwhile, a
 * category deleted). What the editor checks itself never gets this far.
 */
export function serverSectionProblems(fieldErrors: readonly { field: string; message: string }[]): Map<number, SectionProblems> {
  const found = new Map<number, SectionProblems>();
  for (const { field, message } of fieldErrors) {
    const match = /^sections\.(\d+)(?:\.(.+))?$/.exec(field);
    if (!match) continue;
    const index = Number(match[1]);
    const path = (match[2] ?? '').split('.').filter(Boolean);
    const problems = found.get(index) ?? {};
    problems[fieldOf(path) || 'section'] = { key: 'server', message };
    found.set(index, problems);
  }
  return found;
}

/**
 * A section's texts by field (`<id>.heading.de`): what an edit conflict compares, and offers to
 * copy back (decision 036), with the section's place and kind for its label.
 */
export function sectionTexts(
  sections: readonly SectionValues[],
): Map<string, { text: string; index: number; kind: CustomPageSectionKind; field: string }> {
  const texts = new Map<string, { text: string; index: number; kind: CustomPageSectionKind; field: string }>();
  sections.forEach((section, index) => {
    const add = (field: string, words: Bilingual) => {
      for (const language of languages)
        texts.set(`${section.id}.${field}.${language}`, {
          text: words[language],
          index,
          kind: section.kind,
          field: `${field}.${language}`,
        });
    };
    if ('heading' in section) add('heading', section.heading);
    if ('text' in section) add('text', section.text);
    if ('alt' in section) add('alt', section.alt);
    if (section.kind === 'picture') add('caption', section.caption);
    if (section.kind === 'callToAction') add('button', section.button);
    if (section.kind === 'figures') section.items.forEach((item, i) => add(`items.${i}.label`, item.label));
    if (section.kind === 'faq')
      section.items.forEach((item, i) => {
        add(`items.${i}.question`, item.question);
        add(`items.${i}.answer`, item.answer);
      });
  });
  return texts;
}
