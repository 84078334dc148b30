import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category, InquirySubject } from '@blitz/contract';
import { useInquiryTypeList } from '../../../lib/inquiry-type-list';
import { inquiryTypeName } from '../../../lib/inquiry-type-name';
import { useFiles } from '../library-files';
import type { SectionChoices } from './section-fields';
import {
  type SectionDocument,
  type SectionProblems,
  type SectionValues,
  sectionPayload,
  sectionProblems,
  sectionTexts,
  sectionsOf,
  serverSectionProblems,
} from './sections';

/**
 * The sections of a document's dialog (a page's, a news post's; decision 062), held beside its
 * form: the list as staff edit it, what keeps each section from being saved (a text's links and
 * limits as they are typed, what is missing once a save was tried, what the server refused), what
 * they choose from (the library, the categories, the inquiry types), and what an edit conflict
 * compares of them.
 */
export function useSectionEditor(document: SectionDocument | undefined, categories: Category[]) {
  const { t, i18n } = useTranslation('sectionEditing');
  const files = useFiles();
  const types = useInquiryTypeList();
  const [sections, setSections] = useState<SectionValues[]>(() => sectionsOf(document));
  // What the dialog was filled from: what this person changed is told apart from a colleague's.
  const [loaded, setLoaded] = useState<SectionValues[]>(() => sectionsOf(document));
  const [changed, setChanged] = useState(false);
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<Map<string, SectionProblems>>(new Map());

  const lang = i18n.language === 'en' ? 'en' : 'de';
  const inquiryTypes = (types.data ?? [])
    .filter((type) => !type.removed)
    .map((type) => ({
      key: type.key,
      name: inquiryTypeName(type.key, type.names, lang, (subject: InquirySubject) => t(`subjects.${subject}`)),
    }));
  const choices: SectionChoices = { files: files.data?.data, categories, inquiryTypes };

  const checked = useMemo(() => new Map(sections.map((s) => [s.id, sectionProblems(s)])), [sections]);
  // A text's links and limits are said as it is typed; what is missing once a save was tried.
  const problems = new Map(
    sections.map((s) => {
      const found = Object.entries(checked.get(s.id) ?? {}).filter(([, problem]) => tried || problem.key === 'markup');
      return [s.id, { ...Object.fromEntries(found), ...serverProblems.get(s.id) }];
    }),
  );
  const name = (section: { kind: SectionValues['kind'] }, index: number) =>
    t('sections.name', { number: index + 1, kind: t(`kinds.${section.kind}`) });
  const invalid = sections.flatMap((s, index) => (Object.keys(checked.get(s.id) ?? {}).length > 0 ? [name(s, index)] : []));

  /** An edit conflict's name of a section's text (`<id>.heading.de`): "Abschnitt 2: Text – Überschrift (Deutsch)". */
  const fieldLabel = (key: string): string => {
    const [, field = '', language = 'de'] = /^[^.]+\.(.+)\.(de|en)$/.exec(key) ?? [];
    const text = [...sectionTexts(sections), ...sectionTexts(loaded)].find(([k]) => k === key)?.[1];
    const what = field.replace(/^items\.\d+\./, '') as 'heading';
    return t('conflict.sectionField', {
      section: text ? name(text, text.index) : '',
      field: t(`fields.inLanguage.${language as 'de'}`, { field: t(`fields.${what}`) }),
    });
  };

  return {
    sections,
    choices,
    /** Whether staff changed the list since it was filled (the unsaved-changes question). */
    changed,
    /** The problems to show, by section id. */
    problems,
    /** The names of the sections that cannot be saved as they are ("Abschnitt 2: Bild"). */
    invalid,
    /** Whether a save was tried; with `invalid` or `refused`, the dialog says which sections to look at. */
    tried,
    refused: serverProblems.size > 0,
    /** The list as staff changed it. */
    change(next: SectionValues[]) {
      setSections(next);
      setChanged(true);
    },
    /** A save is tried: what is missing is said from now on, the server's last refusal forgotten. */
    trySave() {
      setTried(true);
      setServerProblems(new Map());
    },
    /** A save tried with the form's own fields wrong: the sections say what they lack too. */
    markTried() {
      setTried(true);
    },
    /** A server's refusal naming `sections.N.…`, put at that section's field. */
    refuse(fieldErrors: readonly { field: string; message: string }[]) {
      const bySection = serverSectionProblems(fieldErrors);
      setServerProblems(
        new Map([...bySection].flatMap(([index, found]) => (sections[index] ? [[sections[index].id, found]] : []))),
      );
    },
    /** Their version loaded after a stale save: its sections replace these. */
    load(saved: SectionDocument) {
      const list = sectionsOf(saved);
      setSections(list);
      setLoaded(list);
      setChanged(false);
    },
    /** The sections as the public head reads them (a search result's preview). */
    preview: () => sections.map((s) => ({ ...sectionPayload(s), id: s.id })),
    fieldLabel,
    /** A form's values with the sections' texts beside them, by `<id>.field.language`: what a conflict compares. */
    withTexts<V extends object>(values: V, list: readonly SectionValues[] = sections): V & Record<string, string> {
      return { ...values, ...Object.fromEntries([...sectionTexts(list)].map(([key, entry]) => [key, entry.text])) };
    },
    loaded,
  };
}

export type SectionEditor = ReturnType<typeof useSectionEditor>;

/**
 * The fields a conflict compares: the form's own (those with a label), and every section text of
 * what was typed and of their version.
 */
export function conflictFields(
  labelled: readonly string[],
  typed: Record<string, unknown>,
  theirs: readonly SectionValues[],
): string[] {
  return [...new Set([...labelled, ...Object.keys(typed), ...sectionTexts(theirs).keys()])].filter(
    (key) => labelled.includes(key) || key.includes('.'),
  );
}

/** Above the form after a save was tried: which sections to look at. */
export function SectionsSummary({ editor }: { editor: SectionEditor }) {
  const { t } = useTranslation('sectionEditing');
  if (!editor.tried || (editor.invalid.length === 0 && !editor.refused)) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{t('errors.sectionsSummary')}</p>
      {editor.invalid.length > 0 && <p className="mt-1">{editor.invalid.join(', ')}</p>}
    </div>
  );
}
