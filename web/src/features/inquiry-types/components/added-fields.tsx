import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AddedFieldKind, type SiteLanguage, addedFieldKinds, inquiryTypeLimits } from '@blitz/contract';
import { dangerButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { SelectField, TextField } from '../../../components/admin/form-field';
import { type AddedFieldValues, type TypeFormKey, blankField, blankOption, moved } from './type-form';

type Problem = (key: TypeFormKey) => string | undefined;
const languages = ['de', 'en'] as const;
/** A check box of this tab. */
export const box = 'h-5 w-5 rounded border-slate-400 text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500';
const card = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5';

/** The dashboard's language as one of the site's. */
function useLanguage(): SiteLanguage {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'de';
}

/** What an added field is called in the dashboard: its label in the dashboard's language, else the other's, else its kind. */
export function useAddedFieldName() {
  const { t } = useTranslation('inquiryTypes');
  const lang = useLanguage();
  return (field: Pick<AddedFieldValues, 'labels' | 'kind'>) =>
    field.labels[lang].trim() ||
    field.labels[lang === 'de' ? 'en' : 'de'].trim() ||
    t('newField', { kind: t(`kinds.${field.kind}`) });
}

/**
 * Moves the focus, after the list changed, to the element of `root` a button press named (a
 * moved field's own button, or the other one where it reached an end; a new field's first box),
 * so that the keyboard stays where the person was.
 */
function useFocusAfterChange(root: RefObject<HTMLElement | null>, changed: unknown) {
  const [target, setTarget] = useState<string[] | null>(null);
  useEffect(() => {
    if (!target || !root.current) return;
    for (const selector of target) {
      const element = root.current.querySelector<HTMLElement>(selector);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        break;
      }
    }
    setTarget(null);
  }, [target, changed, root]);
  return setTarget;
}

/** "Eigene Felder": the fields a type adds, in the form's order, and a row to add one of a kind. */
export function AddedFields({
  added,
  problem,
  onChange,
  onFieldChange,
}: {
  added: AddedFieldValues[];
  problem: Problem;
  onChange: (added: AddedFieldValues[]) => void;
  onFieldChange: (id: string, change: Partial<AddedFieldValues>) => void;
}) {
  const { t } = useTranslation('inquiryTypes');
  const headingId = useId();
  const listError = problem('added');
  const [kind, setKind] = useState<AddedFieldKind>('line');
  const listRef = useRef<HTMLDivElement>(null);
  const focus = useFocusAfterChange(listRef, added);
  const full = added.length >= inquiryTypeLimits.addedFields;
  const move = (index: number, by: -1 | 1) => {
    const id = added[index]!.id;
    onChange(moved(added, index, by));
    const [mine, other] = by === -1 ? ['up', 'down'] : ['down', 'up'];
    focus([`[data-move="${id}:${mine}"]`, `[data-move="${id}:${other}"]`]);
  };
  return (
    <section aria-labelledby={headingId} className="grid gap-4" ref={listRef}>
      <div>
        <h3 id={headingId} className="text-lg font-bold text-brand-900">
          {t('addedHeading')}
        </h3>
        <p className="text-sm text-slate-600">{t('addedHint')}</p>
        <p className="text-sm text-slate-600">{t('kindFixed')}</p>
        {listError && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {listError}
          </p>
        )}
      </div>
      {added.length === 0 && <p className="text-slate-700">{t('addedNone')}</p>}
      {added.map((field, index) => (
        <AddedFieldSettings
          key={field.id}
          field={field}
          first={index === 0}
          last={index === added.length - 1}
          problem={problem}
          onChange={(change) => onFieldChange(field.id, change)}
          onMove={(by) => move(index, by)}
          onRemove={() => {
            onChange(added.filter((f) => f.id !== field.id));
            // The next field's first box, else the kind to add another.
            const next = added[index + 1] ?? added[index - 1];
            focus([...(next ? [`[data-added-field="${next.id}"] input`] : []), '[data-add-kind]']);
          }}
        />
      ))}
      <div className={`${card} flex flex-wrap items-end gap-3`}>
        <div className="min-w-56 flex-1 sm:flex-none">
          <SelectField
            label={t('newFieldKind')}
            value={kind}
            data-add-kind=""
            disabled={full}
            onChange={(e) => setKind(e.target.value as AddedFieldKind)}
          >
            {addedFieldKinds.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <button
          type="button"
          className={secondaryButton}
          disabled={full}
          aria-describedby={full ? `${headingId}-full` : undefined}
          onClick={() => {
            const field = blankField(kind);
            onChange([...added, field]);
            focus([`[data-added-field="${field.id}"] input:not([type=checkbox])`]);
          }}
        >
          {t('addField')}
        </button>
        {full && (
          <p id={`${headingId}-full`} className="text-sm text-slate-700">
            {t('errors.tooManyFields', { max: inquiryTypeLimits.addedFields })}
          </p>
        )}
      </div>
    </section>
  );
}

/** One added field: its kind (fixed once saved), shown and required, its words in both languages, and what its kind takes. */
function AddedFieldSettings({
  field,
  first,
  last,
  problem,
  onChange,
  onMove,
  onRemove,
}: {
  field: AddedFieldValues;
  first: boolean;
  last: boolean;
  problem: Problem;
  onChange: (change: Partial<AddedFieldValues>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('inquiryTypes');
  const nameOf = useAddedFieldName();
  const hintId = useId();
  const name = nameOf(field);
  const prefix = `added.${field.id}` as const;
  const fieldError = problem(prefix);
  const button = `${secondaryButton} ${smallButton}`;
  return (
    <fieldset className={card} data-added-field={field.id}>
      <legend className="px-1 font-bold text-brand-900">{name}</legend>
      <p className="mb-3 text-sm text-slate-700">
        {t('kind')}: <span className="font-semibold text-slate-900">{t(`kinds.${field.kind}`)}</span>
      </p>
      {fieldError && <p className="mb-3 text-sm font-medium text-red-700">{fieldError}</p>}
      <div className="mb-3 flex flex-wrap items-center gap-x-6 gap-y-2">
        <label className="inline-flex items-center gap-2 text-slate-800">
          <input type="checkbox" className={box} checked={field.shown} onChange={(e) => onChange({ shown: e.target.checked })} />
          {t('shown')}
        </label>
        <label className={`inline-flex items-center gap-2 ${field.shown ? 'text-slate-800' : 'text-slate-600'}`}>
          <input
            type="checkbox"
            className={box}
            checked={field.shown && field.required}
            disabled={!field.shown}
            aria-describedby={!field.shown || field.kind === 'yesNo' ? hintId : undefined}
            onChange={(e) => onChange({ required: e.target.checked })}
          />
          {t('required')}
        </label>
        {(!field.shown || field.kind === 'yesNo') && (
          <p id={hintId} className="text-sm text-slate-600">
            {field.shown ? t('yesNoRequired') : t('requiredNeedsShown')}
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {languages.map((language) => (
          <TextField
            key={`label-${language}`}
            label={t(language === 'de' ? 'labelDe' : 'labelEn')}
            required
            lang={language}
            maxLength={inquiryTypeLimits.label}
            error={problem(`${prefix}.labels.${language}`)}
            value={field.labels[language]}
            onChange={(e) => onChange({ labels: { ...field.labels, [language]: e.target.value } })}
          />
        ))}
        {languages.map((language) => (
          <TextField
            key={`help-${language}`}
            label={t(language === 'de' ? 'helpDe' : 'helpEn')}
            lang={language}
            maxLength={inquiryTypeLimits.help}
            error={problem(`${prefix}.help.${language}`)}
            value={field.help[language]}
            onChange={(e) => onChange({ help: { ...field.help, [language]: e.target.value } })}
          />
        ))}
        {field.kind === 'number' &&
          languages.map((language) => (
            <TextField
              key={`unit-${language}`}
              label={t(language === 'de' ? 'unitDe' : 'unitEn')}
              lang={language}
              maxLength={inquiryTypeLimits.unit}
              error={problem(`${prefix}.unit.${language}`)}
              value={field.unit[language]}
              onChange={(e) => onChange({ unit: { ...field.unit, [language]: e.target.value } })}
            />
          ))}
      </div>
      {field.kind === 'choice' && <Options field={field} problem={problem} onChange={onChange} />}
      {(field.kind === 'choice' || field.kind === 'date') && (
        <label className="mt-4 inline-flex items-center gap-2 text-slate-800">
          <input
            type="checkbox"
            className={box}
            checked={field.multiple}
            onChange={(e) => onChange({ multiple: e.target.checked })}
          />
          {t(field.kind === 'date' ? 'multipleDates' : 'multipleChoice')}
        </label>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
        <button
          type="button"
          className={button}
          disabled={first}
          data-move={`${field.id}:up`}
          aria-label={t('moveUp', { name })}
          onClick={() => onMove(-1)}
        >
          <span aria-hidden="true">↑</span> {t('up')}
        </button>
        <button
          type="button"
          className={button}
          disabled={last}
          data-move={`${field.id}:down`}
          aria-label={t('moveDown', { name })}
          onClick={() => onMove(1)}
        >
          <span aria-hidden="true">↓</span> {t('down')}
        </button>
        <button
          type="button"
          className={`${dangerButton} ${smallButton}`}
          aria-label={t('removeField', { name })}
          onClick={onRemove}
        >
          {t('remove')}
        </button>
      </div>
    </fieldset>
  );
}

/** A choice's options: each with its words in German and English; added, removed and reordered. */
function Options({
  field,
  problem,
  onChange,
}: {
  field: AddedFieldValues;
  problem: Problem;
  onChange: (change: Partial<AddedFieldValues>) => void;
}) {
  const { t } = useTranslation('inquiryTypes');
  const hintId = useId();
  const listRef = useRef<HTMLFieldSetElement>(null);
  const focus = useFocusAfterChange(listRef, field.options);
  const prefix = `added.${field.id}.options` as const;
  const error = problem(prefix);
  const options = field.options;
  const button = `${secondaryButton} ${smallButton}`;
  const full = options.length >= inquiryTypeLimits.options;
  return (
    <fieldset
      ref={listRef}
      className="mt-4 rounded-md border border-slate-200 p-3 sm:p-4"
      aria-describedby={error ? `${hintId} ${hintId}-error` : hintId}
    >
      <legend className="px-1 font-semibold text-slate-900">{t('options')}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {t('optionsHint', { max: inquiryTypeLimits.options })}
      </p>
      {error && (
        <p id={`${hintId}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <ol className="mt-3 grid gap-3">
        {options.map((option, index) => {
          const n = index + 1;
          const move = (by: -1 | 1) => {
            onChange({ options: moved(options, index, by) });
            const [mine, other] = by === -1 ? ['up', 'down'] : ['down', 'up'];
            focus([`[data-move="${option.id}:${mine}"]`, `[data-move="${option.id}:${other}"]`]);
          };
          return (
            <li
              key={option.id}
              className="grid gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_auto]"
              data-option={option.id}
            >
              {languages.map((language) => (
                <TextField
                  key={language}
                  label={t(language === 'de' ? 'optionDe' : 'optionEn', { n })}
                  required
                  lang={language}
                  maxLength={inquiryTypeLimits.label}
                  error={problem(`${prefix}.${option.id}.${language}`)}
                  value={option.labels[language]}
                  onChange={(e) =>
                    onChange({
                      options: options.map((o) =>
                        o.id === option.id ? { ...o, labels: { ...o.labels, [language]: e.target.value } } : o,
                      ),
                    })
                  }
                />
              ))}
              <div className="flex items-end gap-2">
                <button
                  type="button"
                  className={button}
                  disabled={index === 0}
                  data-move={`${option.id}:up`}
                  aria-label={t('moveUp', { name: t('option', { n }) })}
                  onClick={() => move(-1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={button}
                  disabled={index === options.length - 1}
                  data-move={`${option.id}:down`}
                  aria-label={t('moveDown', { name: t('option', { n }) })}
                  onClick={() => move(1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={button}
                  aria-label={t('removeField', { name: t('option', { n }) })}
                  onClick={() => {
                    onChange({ options: options.filter((o) => o.id !== option.id) });
                    focus(['[data-add-option]']);
                  }}
                >
                  {t('remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={`${button} mt-3`}
        data-add-option=""
        disabled={full}
        onClick={() => {
          const option = blankOption();
          onChange({ options: [...options, option] });
          focus([`[data-option="${option.id}"] input`]);
        }}
      >
        {t('addOption')}
      </button>
    </fieldset>
  );
}
