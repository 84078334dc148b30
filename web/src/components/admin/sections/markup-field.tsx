import { type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '@blitz/contract';
import { controlClass } from '../form-field';
import { secondaryButton } from '../button-classes';
import { RichText } from '../../rich-text';
import { type MarkupProblem, markupToRichText } from '../../../lib/rich-text-markup';
import { type Edit, edited } from './markup-edits';

type MarkupFieldProps = {
  label: string;
  lang: SiteLanguage;
  value: string;
  onChange: (value: string) => void;
  /** What keeps the text from being saved (its links, its limits), shown under it. */
  problems: MarkupProblem[] | undefined;
  /** A required text that is empty (a save was tried). */
  required?: boolean;
  missing?: boolean;
};

const tools: { edit: Edit; key?: string }[] = [
  { edit: 'heading' },
  { edit: 'subheading' },
  { edit: 'list' },
  { edit: 'numbered' },
  { edit: 'bold', key: 'b' },
  { edit: 'italic', key: 'i' },
  { edit: 'link', key: 'k' },
];

/**
 * A section's text in one language (decision 062): a text area for the small markup (## heading,
 * - list, **bold**, *italic*, [words](address)), buttons that write it around the selection
 * (and Ctrl+B, Ctrl+I, Ctrl+K), the rules at hand, what keeps it from being saved, and the text
 * as visitors will read it, rendered by the public page's own component.
 */
export function MarkupField({ label, lang, value, onChange, problems, required, missing }: MarkupFieldProps) {
  const { t } = useTranslation('sectionEditing');
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  // The selection to restore once the edited text is rendered.
  const selection = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const pending = selection.current;
    if (!pending || !area.current) return;
    selection.current = null;
    area.current.focus();
    area.current.setSelectionRange(pending[0], pending[1]);
  }, [value]);
  const text = useMemo(() => markupToRichText(value), [value]);

  const apply = (edit: Edit) => {
    const element = area.current;
    if (!element) return;
    const result = edited(value, element.selectionStart, element.selectionEnd, edit, t('markup.linkWords'));
    selection.current = [result.start, result.end];
    onChange(result.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const tool = tools.find((candidate) => candidate.key === event.key.toLowerCase());
    if (!tool) return;
    event.preventDefault();
    apply(tool.edit);
  };

  const errors = [
    ...(missing ? [t('errors.required')] : []),
    ...(problems ?? []).map((problem) =>
      problem.kind === 'link'
        ? problem.suggestion
          ? t('errors.linkSuggestion', { href: problem.href, suggestion: problem.suggestion })
          : t('errors.link', { href: problem.href })
        : t(`errors.${problem.kind}`, { max: problem.max }),
    ),
  ];
  const describedBy = [`${id}-rules`, errors.length ? `${id}-errors` : ''].filter(Boolean).join(' ');

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' *'}
          </span>
        )}
      </label>
      <div role="group" aria-label={t('markup.tools', { field: label })} className="mt-1 flex flex-wrap gap-1">
        {tools.map(({ edit, key }) => (
          <button
            key={edit}
            type="button"
            className={`${secondaryButton} px-2 py-1 text-xs`}
            aria-controls={id}
            aria-keyshortcuts={key ? `Control+${key.toUpperCase()}` : undefined}
            onClick={() => apply(edit)}
          >
            {t(`markup.${edit}`)}
          </button>
        ))}
      </div>
      <textarea
        ref={area}
        id={id}
        lang={lang}
        rows={8}
        value={value}
        required={required}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClass} font-mono text-sm`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-rules`} className="mt-1 text-xs text-slate-600">
        {t('markup.rules')}
      </p>
      {errors.length > 0 && (
        <ul id={`${id}-errors`} className="mt-1 space-y-1 text-sm font-medium text-red-700">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      <section
        aria-label={t('markup.preview', { field: label })}
        className="mt-2 rounded-md border border-dashed border-slate-300 bg-white p-3"
      >
        <p aria-hidden="true" className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {t('markup.previewHeading')}
        </p>
        {text.length > 0 ? (
          <div lang={lang}>
            <RichText text={text} className="text-sm text-slate-800" />
          </div>
        ) : (
          <p className="text-sm text-slate-600 italic">{t('markup.previewEmpty')}</p>
        )}
      </section>
    </div>
  );
}
