import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CustomPageSectionKind, customPageLimits, customPageSectionKinds } from '@blitz/contract';
import { dangerButton, secondaryButton, smallButton } from '../button-classes';
import { type SectionChoices, SectionFields } from './section-fields';
import { type SectionProblems, type SectionValues, blankSection, moved } from './sections';

type SectionListProps = {
  sections: SectionValues[];
  onChange: (sections: SectionValues[]) => void;
  /** Each section's problems by its id (shown once a save was tried). */
  problems: Map<string, SectionProblems>;
  choices: SectionChoices;
  /** What the document's sections are (a page's, a post's) and its limit, in its own words. */
  texts: { intro: string; full: string };
};

/**
 * A document's sections (a page's, a news post's): each of the eight kinds added from a row of buttons, every section a card
 * with its German and English side by side, moved up or down (the focus stays on the button
 * pressed) or removed; what happened is said to screen readers.
 */
export function SectionList({ sections, onChange, problems, choices, texts }: SectionListProps) {
  const { t } = useTranslation('sectionEditing');
  const headingId = useId();
  const root = useRef<HTMLElement>(null);
  const [said, setSaid] = useState('');
  // Where the focus goes once the list is rendered anew (a moved section's button, a new section's first field).
  const [focusTarget, setFocusTarget] = useState<string[] | null>(null);
  useEffect(() => {
    if (!focusTarget || !root.current) return;
    for (const selector of focusTarget) {
      const element = root.current.querySelector<HTMLElement>(selector);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        break;
      }
    }
    setFocusTarget(null);
  }, [focusTarget, sections]);

  const kindName = (kind: CustomPageSectionKind) => t(`kinds.${kind}`);
  const nameOf = (index: number) => t('sections.name', { number: index + 1, kind: kindName(sections[index]!.kind) });
  const full = sections.length >= customPageLimits.sections;
  const firstField = (id: string) => `[data-section="${id}"] :is(input:not([type=radio]), textarea, select)`;

  const add = (kind: CustomPageSectionKind) => {
    const section = blankSection(kind, choices.inquiryTypes[0]?.key);
    onChange([...sections, section]);
    setSaid(t('sections.added', { kind: kindName(kind), number: sections.length + 1, total: sections.length + 1 }));
    setFocusTarget([firstField(section.id)]);
  };
  const move = (index: number, by: -1 | 1) => {
    const section = sections[index]!;
    onChange(moved(sections, index, index + by));
    setSaid(t('sections.moved', { kind: kindName(section.kind), number: index + by + 1, total: sections.length }));
    const [mine, other] = by === -1 ? ['up', 'down'] : ['down', 'up'];
    setFocusTarget([`[data-move="${section.id}:${mine}"]`, `[data-move="${section.id}:${other}"]`]);
  };
  const remove = (index: number) => {
    const section = sections[index]!;
    onChange(sections.filter((s) => s.id !== section.id));
    setSaid(t('sections.removed', { kind: kindName(section.kind), number: index + 1, total: sections.length - 1 }));
    const next = sections[index + 1] ?? sections[index - 1];
    setFocusTarget([...(next ? [`[data-move="${next.id}:up"]`, `[data-move="${next.id}:down"]`] : []), '[data-add-section]']);
  };

  return (
    <section aria-labelledby={headingId} ref={root} className="space-y-4">
      <div>
        <h3 id={headingId} className="text-lg font-bold text-brand-900">
          {t('sections.heading')}
        </h3>
        <p className="text-sm text-slate-600">{texts.intro}</p>
      </div>
      {/* Moves, additions and removals, said to screen readers (the focus stays on the button pressed). */}
      <p role="status" className="sr-only">
        {said}
      </p>
      {sections.length === 0 && <p className="text-slate-700">{t('sections.none')}</p>}
      <ol className="space-y-4">
        {sections.map((section, index) => {
          const name = nameOf(index);
          return (
            <li key={section.id}>
              <fieldset data-section={section.id} className="rounded-lg border border-slate-300 bg-white p-3 shadow-sm sm:p-4">
                <legend className="px-1 font-bold text-brand-900">{name}</legend>
                <SectionFields
                  section={section}
                  onChange={(changed) => onChange(sections.map((s) => (s.id === section.id ? changed : s)))}
                  problems={problems.get(section.id) ?? {}}
                  choices={choices}
                />
                <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
                  <button
                    type="button"
                    className={`${secondaryButton} ${smallButton}`}
                    disabled={index === 0}
                    data-move={`${section.id}:up`}
                    aria-label={t('sections.moveUp', { name })}
                    onClick={() => move(index, -1)}
                  >
                    <span aria-hidden="true">↑</span> {t('sections.up')}
                  </button>
                  <button
                    type="button"
                    className={`${secondaryButton} ${smallButton}`}
                    disabled={index === sections.length - 1}
                    data-move={`${section.id}:down`}
                    aria-label={t('sections.moveDown', { name })}
                    onClick={() => move(index, 1)}
                  >
                    <span aria-hidden="true">↓</span> {t('sections.down')}
                  </button>
                  <button
                    type="button"
                    className={`${dangerButton} ${smallButton}`}
                    aria-label={t('sections.removeNamed', { name })}
                    onClick={() => remove(index)}
                  >
                    {t('sections.remove')}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div
        role="group"
        aria-labelledby={`${headingId}-add`}
        className="rounded-lg border border-dashed border-slate-400 bg-slate-50 p-3"
      >
        <p id={`${headingId}-add`} className="mb-2 text-sm font-semibold text-slate-800">
          {full ? texts.full : t('sections.add')}
        </p>
        <div className="flex flex-wrap gap-2">
          {customPageSectionKinds.map((kind, i) => (
            <button
              key={kind}
              type="button"
              className={`${secondaryButton} ${smallButton}`}
              disabled={full}
              {...(i === 0 ? { 'data-add-section': '' } : {})}
              onClick={() => add(kind)}
            >
              <span aria-hidden="true">+</span> {kindName(kind)}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
