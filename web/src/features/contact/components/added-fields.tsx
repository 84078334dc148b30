import { useTranslation } from 'react-i18next';
import {
  type ContactFormState,
  type InquiryForm,
  type InquiryFormField,
  addedFieldsOf,
  addressParts,
  answerMaxLength,
  answerPatterns,
  maxDates,
} from '@blitz/contract';
import { typeToken } from '../field-presence';

const inputClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';
const labelClass = 'mb-1 block text-sm font-semibold text-slate-800';
const star = <span aria-hidden="true"> *</span>;

type Props = { form: InquiryForm; state?: ContactFormState | undefined };

/**
 * The fields the types staff added ask for (issue 44, decision 058), one block per type, shown
 * while that type is chosen (styles.css, `data-shown-for`). Rendered by the server only: they are
 * plain controls that need no script, and the form's island keeps this markup as it is (so the
 * kinds cost the island no code). A form sent without JavaScript and refused is shown again with
 * what was typed and its marks.
 */
export function AddedFields({ form, state }: Props) {
  return form.types.map((type) => {
    const fields = addedFieldsOf(type);
    if (fields.length === 0) return null;
    return (
      <div key={type.key} data-shown-for={typeToken(form, type.key)} className="sm:col-span-2">
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <AddedField key={field.key} field={field} state={state} />
          ))}
        </div>
      </div>
    );
  });
}

function AddedField({ field, state }: { field: InquiryFormField; state?: ContactFormState | undefined }) {
  const { t } = useTranslation(['contact', 'common']);
  // A prefix of their own: an added key (`form`, `heading`) must not meet the page's own ids.
  const id = `contact-added-${field.key}`;
  const sent = (name: string) => state?.added?.[name] ?? [];
  const first = (name: string) => sent(name)[0] ?? '';
  // 'missing' or 'invalid' after a refused send; the island sets it after its own check.
  const error = state?.errors?.[field.key] === undefined ? '' : state.errors[field.key] === 'required' ? 'missing' : 'invalid';
  const invalid = error ? true : undefined;
  // The message is always named: empty while the field is fine, so it says nothing until then.
  const describedBy = [field.unit && `${id}-unit`, field.help && `${id}-hint`, `${id}-error`].filter(Boolean).join(' ');
  // One label for one control; a group (dates, choices, an address) under a legend.
  const group = field.kind === 'address' || field.kind === 'choice' || (field.kind === 'date' && field.multiple);
  const wide = field.kind === 'text' || field.kind === 'address' || field.kind === 'choice' || field.multiple;
  // A group's legend says "required" in words too: its controls cannot all carry `required`.
  const label = (
    <>
      {field.label}
      {field.required && star}
      {field.required && group && <span className="sr-only"> ({t('common:requiredField')})</span>}
    </>
  );
  const common = { 'aria-invalid': invalid, 'aria-describedby': describedBy, className: inputClass };
  const input = (type: string, extra: Record<string, unknown> = {}) => (
    <input
      {...common}
      id={id}
      name={field.key}
      type={type}
      required={field.required}
      defaultValue={first(field.key)}
      {...extra}
    />
  );
  let control;
  switch (field.kind) {
    case 'text':
      control = (
        <textarea
          {...common}
          id={id}
          name={field.key}
          rows={3}
          required={field.required}
          defaultValue={first(field.key)}
          maxLength={answerMaxLength.text}
        />
      );
      break;
    case 'email':
      // The browser's own check takes `a@b`; the server wants a domain with a dot, as this pattern.
      control = input('email', { autoComplete: 'email', maxLength: 254, pattern: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+' });
      break;
    case 'phone':
      control = input('tel', { autoComplete: 'tel', maxLength: answerMaxLength.phone, pattern: answerPatterns.phone });
      break;
    case 'number':
      control = (
        <span className="flex items-center gap-2">
          {input('text', { inputMode: 'decimal', maxLength: answerMaxLength.number, pattern: answerPatterns.number })}
          {field.unit && (
            <span id={`${id}-unit`} className="text-slate-700">
              {field.unit}
            </span>
          )}
        </span>
      );
      break;
    case 'date':
      control = field.multiple ? (
        <span className="grid gap-2 sm:grid-cols-3">
          {Array.from({ length: maxDates }, (_, i) => (
            <input
              key={i}
              {...common}
              id={i === 0 ? id : `${id}-${i + 1}`}
              name={field.key}
              type="date"
              aria-label={`${field.label} ${i + 1}`}
              required={field.required && i === 0}
              defaultValue={sent(field.key)[i] ?? ''}
            />
          ))}
        </span>
      ) : (
        input('date')
      );
      break;
    case 'choice':
      control = (
        <span className="flex flex-wrap gap-2">
          {(field.options ?? []).map((option) => (
            <label
              key={option.key}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-400 bg-white px-3 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-aria-invalid:border-red-700"
            >
              <input
                type={field.multiple ? 'checkbox' : 'radio'}
                name={field.key}
                value={option.key}
                required={field.required && !field.multiple}
                defaultChecked={sent(field.key).includes(option.key)}
                aria-invalid={invalid}
                className="h-4 w-4 accent-accent-400"
              />
              {option.label}
            </label>
          ))}
        </span>
      );
      break;
    case 'yesNo':
      return (
        <div className="sm:col-span-2" data-added-field data-error={error}>
          <label className="flex cursor-pointer items-start gap-3 text-base text-slate-800">
            <input
              id={id}
              type="checkbox"
              name={field.key}
              value="yes"
              required={field.required}
              defaultChecked={first(field.key) === 'yes'}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className="mt-1 h-5 w-5 flex-none accent-brand-700"
            />
            <span>{label}</span>
          </label>
          <Notes id={id} help={field.help} />
        </div>
      );
    case 'address':
      control = (
        <span className="grid gap-2 sm:grid-cols-[2fr_1fr_2fr]">
          {addressParts.map((part) => (
            <span key={part}>
              <label htmlFor={`${id}-${part}`} className="mb-1 block text-sm text-slate-700">
                {t(`common:address.${part}`)}
              </label>
              <input
                {...common}
                id={`${id}-${part}`}
                name={`${field.key}.${part}`}
                type="text"
                required={field.required}
                autoComplete={part === 'street' ? 'address-line1' : part === 'postcode' ? 'postal-code' : 'address-level2'}
                maxLength={answerMaxLength.address}
                defaultValue={first(`${field.key}.${part}`)}
              />
            </span>
          ))}
        </span>
      );
      break;
    default:
      control = input('text', { maxLength: answerMaxLength.line });
  }
  const notes = <Notes id={id} help={field.help} />;
  return group ? (
    <fieldset className={wide ? 'sm:col-span-2' : undefined} aria-describedby={describedBy} data-added-field data-error={error}>
      <legend className={labelClass}>{label}</legend>
      {control}
      {notes}
    </fieldset>
  ) : (
    <div className={wide ? 'sm:col-span-2' : undefined} data-added-field data-error={error}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {control}
      {notes}
    </div>
  );
}

/**
 * A field's help text, and what may be wrong with it: both messages are in the markup, the one
 * its field's `data-error` names shows (styles.css), set by the server after a refused send or by
 * the island's check. Their box is always in the field's description and holds no visible text
 * until then (a hidden part of it is not read), so the island needs no code to describe a mark.
 */
function Notes({ id, help }: { id: string; help: string }) {
  const { t } = useTranslation('contact');
  const message = 'mt-1 text-sm font-semibold text-red-700';
  return (
    <>
      {help && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {help}
        </p>
      )}
      <p id={`${id}-error`}>
        <span data-error-when="missing" className={message}>
          {t('errors.required')}
        </span>
        <span data-error-when="invalid" className={message}>
          {t('errors.invalid')}
        </span>
      </p>
    </>
  );
}
