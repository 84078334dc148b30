import {
  type AdjustableField,
  type InquiryType,
  type SiteLanguage,
  adjustableFields,
  inquiryTypeUpdateSchema,
  oneLineMessage,
} from '@blitz/contract';
import type { InquiryTypeUpdate } from '../api/inquiry-types';

type Bilingual = Record<SiteLanguage, string>;
export type FieldValues = { shown: boolean; required: boolean; labels: Bilingual; help: Bilingual };
/** One type's form: its names and, per adjustable field, what staff set. */
export type TypeFormValues = { names: Bilingual; fields: Record<AdjustableField, FieldValues> };

/** A setting of the form by its place: `names.de`, `CompanyName.shown`, `CompanyName.labels.en`… */
export type TypeFormKey =
  | `names.${SiteLanguage}`
  | `${AdjustableField}.${'shown' | 'required'}`
  | `${AdjustableField}.${'labels' | 'help'}.${SiteLanguage}`;

/** What is wrong with a setting: a locale key of `inquiryTypes:errors`, or the server's own words. */
export type FieldProblem = { key: 'tooLong'; max: number } | { key: 'oneLine' } | { key: 'invalid' } | { text: string };
export type TypeFormErrors = Partial<Record<TypeFormKey, FieldProblem>>;

export function typeFormValues(type: InquiryType): TypeFormValues {
  const fields = Object.fromEntries(
    type.fields.map((f) => [
      f.key,
      { shown: f.shown, required: f.shown && f.required, labels: { ...f.labels }, help: { ...f.help } },
    ]),
  );
  return { names: { ...type.names }, fields: fields as TypeFormValues['fields'] };
}

/** Shows or hides a field; a hidden field is not required (the server would drop it anyway). */
export function withShown(values: TypeFormValues, field: AdjustableField, shown: boolean): TypeFormValues {
  const before = values.fields[field];
  return {
    ...values,
    fields: { ...values.fields, [field]: { ...before, shown, required: shown && before.required } },
  };
}

/** The type as read with the form's values in it: what `PUT /InquiryType` takes (its `revision` the check). */
export function typeUpdate(base: InquiryType, values: TypeFormValues, revision = base.revision): InquiryTypeUpdate {
  return {
    ...base,
    revision,
    names: values.names,
    fields: base.fields.map((field) => {
      const set = values.fields[field.key as AdjustableField] as FieldValues | undefined;
      // A field the type adds is not shaped here (SPEC.md's three have none): sent back as read.
      return set ? { ...field, ...set, required: set.shown && set.required } : field;
    }),
  };
}

/** Every setting under its key, for comparing two versions of the form (a stale save's "Load their version"). */
export function flatTypeValues(values: TypeFormValues): Record<TypeFormKey, string | boolean> {
  const flat: Partial<Record<TypeFormKey, string | boolean>> = { 'names.de': values.names.de, 'names.en': values.names.en };
  for (const field of adjustableFields) {
    const set = values.fields[field];
    flat[`${field}.shown`] = set.shown;
    flat[`${field}.required`] = set.required;
    for (const lang of ['de', 'en'] as const) {
      flat[`${field}.labels.${lang}`] = set.labels[lang];
      flat[`${field}.help.${lang}`] = set.help[lang];
    }
  }
  return flat as Record<TypeFormKey, string | boolean>;
}

/** The form's key of a path into the update (`fields.1.labels.de` → `CompanyName.labels.de`). */
function keyOf(path: readonly PropertyKey[], update: InquiryTypeUpdate): TypeFormKey | undefined {
  const [first, second, third, fourth] = path.map(String);
  if (first === 'names' && (second === 'de' || second === 'en')) return `names.${second}`;
  const key = first === 'fields' ? update.fields[Number(second)]?.key : undefined;
  if (!key || !(adjustableFields as readonly string[]).includes(key)) return undefined;
  const field = key as AdjustableField;
  if ((third === 'labels' || third === 'help') && (fourth === 'de' || fourth === 'en')) return `${field}.${third}.${fourth}`;
  if (third === 'shown' || third === 'required') return `${field}.${third}`;
  return undefined;
}

/** A message of the contract's (the server's words) as one the dashboard says in its language, where it knows it. */
function problemOf(message: string): FieldProblem {
  if (message === oneLineMessage) return { key: 'oneLine' };
  const tooLong = /at most (\d+) characters/.exec(message);
  return tooLong ? { key: 'tooLong', max: Number(tooLong[1]) } : { text: message };
}

/**
 * Checked with the contract's own schema before it is sent, so that the form and the server
 * cannot disagree: the update to send, or per setting the first problem.
 */
export function checkTypeForm(
  base: InquiryType,
  values: TypeFormValues,
): { ok: true; update: InquiryTypeUpdate } | { ok: false; errors: TypeFormErrors } {
  const update = typeUpdate(base, values);
  const parsed = inquiryTypeUpdateSchema.safeParse(update);
  if (parsed.success) return { ok: true, update };
  const errors: TypeFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = keyOf(issue.path, update);
    if (!key) continue;
    errors[key] ??= issue.code === 'too_big' ? { key: 'tooLong', max: Number(issue.maximum) } : problemOf(issue.message);
  }
  // A problem with no setting of the form to show it at is the server's to name (400 after sending).
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, update };
}

/** The fields a 400 names (`errors: [{field, message}]`), at the settings of the form they belong to. */
export function serverFieldErrors(fieldErrors: readonly { field: string; message: string }[], update: InquiryTypeUpdate) {
  const errors: TypeFormErrors = {};
  for (const { field, message } of fieldErrors) {
    const key = keyOf(field.split('.'), update);
    if (key) errors[key] ??= problemOf(message);
  }
  return errors;
}
