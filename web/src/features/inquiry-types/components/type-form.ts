import {
  type PageKey,
  type AddedFieldKind,
  type AdjustableField,
  type InquiryType,
  type SiteLanguage,
  adjustableFieldKinds,
  adjustableFields,
  inquiryTypeCreateSchema,
  inquiryTypeLimits,
  inquiryTypeUpdateSchema,
  oneLineMessage,
} from '@blitz/contract';
import type { InquiryTypeUpdate } from '../api/inquiry-types';
import { keyFrom, reservedFieldKeys } from './type-keys';

type Bilingual = Record<SiteLanguage, string>;
const languages = ['de', 'en'] as const;
const none = (): Bilingual => ({ de: '', en: '' });

export type FieldValues = { shown: boolean; required: boolean; labels: Bilingual; help: Bilingual };
export type OptionValues = { id: string; labels: Bilingual };
/**
 * A field the type adds. `id` is its key once saved; until then `#…` (no key begins so), and
 * its key is made from its German label when it is saved. `options`, `multiple` and `unit` are
 * kept for every kind and sent only for the kinds that take them.
 */
export type AddedFieldValues = FieldValues & {
  id: string;
  kind: AddedFieldKind;
  options: OptionValues[];
  multiple: boolean;
  unit: Bilingual;
};
/** One type's form: its names, per adjustable field what staff set, the fields it adds, and an added type's delivery. */
export type TypeFormValues = {
  names: Bilingual;
  fields: Record<AdjustableField, FieldValues>;
  added: AddedFieldValues[];
  /** An added type's mail recipients as typed (one a line); empty: the company's address. */
  recipients: string;
  /** An added type's retention in days as typed; empty: kept until deleted. */
  retentionDays: string;
  /** Where an added type is offered: in the form's subject list, and by a button on these pages. */
  subjectList: boolean;
  pages: PageKey[];
};

/**
 * A setting of the form by its place: `names.de`, `CompanyName.shown`, `CompanyName.labels.en`,
 * an added field's `added.<id>.labels.de`, `added.<id>.options.<option id>.en`, `added.<id>`
 * (the field as a whole), `added` (the list), `recipients`, `retentionDays`.
 */
export type TypeFormKey =
  | `names.${SiteLanguage}`
  | `${AdjustableField}.${'shown' | 'required'}`
  | `${AdjustableField}.${'labels' | 'help'}.${SiteLanguage}`
  | 'added'
  | `added.${string}`
  | 'recipients'
  | 'retentionDays'
  | 'offeredOn';

/** What is wrong with a setting: a locale key of `inquiryTypes:errors`, or the server's own words. */
export type FieldProblem =
  | { key: 'tooLong'; max: number }
  | { key: 'oneLine' }
  | { key: 'invalid' }
  | { key: 'required' }
  | { key: 'options'; max: number }
  | { key: 'notEmail'; value: string }
  | { key: 'tooManyRecipients'; max: number }
  | { key: 'tooManyFields'; max: number }
  | { key: 'days' }
  | { text: string };
export type TypeFormErrors = Partial<Record<TypeFormKey, FieldProblem>>;

const isAdjustable = (key: string): key is AdjustableField => (adjustableFields as readonly string[]).includes(key);
/** Whether an added field or option has been saved (its id is its key). */
export const isSaved = (id: string) => !id.startsWith('#');
let unsavedCount = 0;
const unsavedId = () => `#${++unsavedCount}`;

export const blankOption = (): OptionValues => ({ id: unsavedId(), labels: none() });

/** A field of a kind as it is added: shown, optional, without words; a choice with its two options to fill in. */
export function blankField(kind: AddedFieldKind): AddedFieldValues {
  return {
    id: unsavedId(),
    kind,
    shown: true,
    required: false,
    labels: none(),
    help: none(),
    options: kind === 'choice' ? [blankOption(), blankOption()] : [],
    multiple: false,
    unit: none(),
  };
}

/** A type not yet created (its key `''`): the phone shown and optional, SPEC.md's other adjustable fields hidden. */
export function blankType(): InquiryType {
  return {
    key: '',
    names: none(),
    builtIn: false,
    recipients: [],
    retentionDays: null,
    offeredOn: { subjectList: true, pages: [] },
    removed: false,
    revision: 0,
    fields: adjustableFields.map((key) => ({
      key,
      kind: adjustableFieldKinds[key],
      shown: key === 'phone',
      required: false,
      labels: none(),
      help: none(),
    })),
  };
}

export function typeFormValues(type: InquiryType): TypeFormValues {
  const fields = Object.fromEntries(
    type.fields
      .filter((f) => isAdjustable(f.key))
      .map((f) => [f.key, { shown: f.shown, required: f.shown && f.required, labels: { ...f.labels }, help: { ...f.help } }]),
  );
  const added = type.fields
    .filter((f) => !isAdjustable(f.key))
    .map((f): AddedFieldValues => ({
      id: f.key,
      kind: f.kind as AddedFieldKind,
      shown: f.shown,
      required: f.shown && f.required,
      labels: { ...f.labels },
      help: { ...f.help },
      options: (f.options ?? []).map((o) => ({ id: o.key, labels: { ...o.labels } })),
      multiple: f.multiple ?? false,
      unit: { ...none(), ...f.unit },
    }));
  return {
    names: { ...type.names },
    fields: fields as TypeFormValues['fields'],
    added,
    recipients: (type.recipients ?? []).join('\n'),
    retentionDays: type.retentionDays === null ? '' : String(type.retentionDays),
    subjectList: type.offeredOn.subjectList,
    pages: [...type.offeredOn.pages],
  };
}

/** Shows or hides a field; a hidden field is not required (the server would drop it anyway). */
export function withShown(values: TypeFormValues, field: AdjustableField, shown: boolean): TypeFormValues {
  const before = values.fields[field];
  return {
    ...values,
    fields: { ...values.fields, [field]: { ...before, shown, required: shown && before.required } },
  };
}

/** An added field changed; hidden, it is not required. */
export function withAddedChange(values: TypeFormValues, id: string, change: Partial<AddedFieldValues>): TypeFormValues {
  return {
    ...values,
    added: values.added.map((f) => {
      if (f.id !== id) return f;
      const next = { ...f, ...change };
      return { ...next, required: next.shown && next.required };
    }),
  };
}

/** The list with the item at `index` moved by `by` places (kept as it is where that leaves the list). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The addresses typed, one a line (commas, semicolons and spaces part them too). */
export function recipientList(typed: string): string[] {
  return typed.split(/[\s,;]+/).filter(Boolean);
}

/** The days typed: empty is null (kept until deleted); anything but a whole number is NaN, which the check refuses. */
function retentionOf(typed: string): number | null {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The keys the unsaved fields and options get, made from their German words: unique in the type
 * (every field it had when read included: a field removed and another added in one save must not
 * inherit its kind), and never a name the form already uses.
 */
function keysOf(base: InquiryType, values: TypeFormValues): Map<string, string> {
  const keys = new Map<string, string>();
  const taken = [...reservedFieldKeys, ...base.fields.map((f) => f.key), ...values.added.map((f) => f.id).filter(isSaved)];
  for (const field of values.added) {
    const key = isSaved(field.id) ? field.id : keyFrom(field.labels.de, taken, 'field');
    keys.set(field.id, key);
    taken.push(key);
    const optionsTaken = field.options.map((o) => o.id).filter(isSaved);
    for (const option of field.options) {
      if (isSaved(option.id)) continue;
      const optionKey = keyFrom(option.labels.de, optionsTaken, 'option');
      keys.set(`${field.id}/${option.id}`, optionKey);
      optionsTaken.push(optionKey);
    }
  }
  return keys;
}

/**
 * The type as read with the form's values in it: what `PUT /InquiryType` takes (its `revision`
 * the check), and `POST` for a new one with its key. Everything read is sent back, each added
 * field and option over what was read of it, so that the server never refuses what it answered.
 */
export function typeUpdate(base: InquiryType, values: TypeFormValues, revision = base.revision): InquiryTypeUpdate {
  const keys = keysOf(base, values);
  const adjustable = base.fields.flatMap((field) => {
    if (!isAdjustable(field.key)) return [];
    const set = values.fields[field.key];
    return [{ ...field, ...set, required: set.shown && set.required }];
  });
  const added = values.added.map((field) => {
    const read = base.fields.find((f) => f.key === field.id);
    const kind = read?.kind ?? field.kind;
    const unit = field.unit.de || field.unit.en ? field.unit : undefined;
    return {
      ...read,
      key: keys.get(field.id)!,
      kind,
      shown: field.shown,
      required: field.shown && field.required,
      labels: field.labels,
      help: field.help,
      ...(kind === 'choice' && {
        options: field.options.map((option) => ({
          ...read?.options?.find((o) => o.key === option.id),
          key: isSaved(option.id) ? option.id : keys.get(`${field.id}/${option.id}`)!,
          labels: option.labels,
        })),
      }),
      ...((kind === 'choice' || kind === 'date') && { multiple: field.multiple }),
      ...(kind === 'number' && { unit }),
    };
  });
  return {
    ...base,
    revision,
    names: values.names,
    fields: [...adjustable, ...added],
    // SPEC.md's three keep theirs in the mail settings and the inbox's retention: sent back as read.
    ...(!base.builtIn && {
      recipients: recipientList(values.recipients),
      retentionDays: retentionOf(values.retentionDays),
      offeredOn: { subjectList: values.subjectList, pages: values.pages },
    }),
  };
}

/** The public pages a type may be offered on by a button (its key in `pages`), in the site's order. */
export const offeredPages = [
  'home',
  'services',
  'blitzschutz',
  'projects',
  'aboutus',
  'jobs',
  'contactus',
] as const satisfies readonly PageKey[];

/** A new type's key, made from its German name: not one the site has or had (removed ones count). */
export const newTypeKey = (names: Bilingual, takenKeys: readonly string[]) => keyFrom(names.de, takenKeys, 'type');

type FlatValue = string | boolean | string[];

/** Every setting under its key, for comparing two versions of the form (a stale save's "Load their version"). */
export function flatTypeValues(values: TypeFormValues): Partial<Record<TypeFormKey, FlatValue>> {
  const flat: Partial<Record<TypeFormKey, FlatValue>> = { 'names.de': values.names.de, 'names.en': values.names.en };
  const words = (prefix: `${AdjustableField}` | `added.${string}`, set: FieldValues) => {
    for (const lang of languages) {
      flat[`${prefix}.labels.${lang}` as TypeFormKey] = set.labels[lang];
      flat[`${prefix}.help.${lang}` as TypeFormKey] = set.help[lang];
    }
  };
  for (const field of adjustableFields) {
    const set = values.fields[field];
    flat[`${field}.shown`] = set.shown;
    flat[`${field}.required`] = set.required;
    words(field, set);
  }
  // The order and set of added fields and options: named when changed, never offered to copy.
  flat.added = values.added.map((f) => f.id);
  for (const field of values.added) {
    const prefix = `added.${field.id}` as const;
    flat[`${prefix}.shown`] = field.shown;
    flat[`${prefix}.required`] = field.required;
    words(prefix, field);
    if (field.kind === 'choice' || field.kind === 'date') flat[`${prefix}.multiple`] = field.multiple;
    if (field.kind === 'number') for (const lang of languages) flat[`${prefix}.unit.${lang}`] = field.unit[lang];
    if (field.kind !== 'choice') continue;
    flat[`${prefix}.options`] = field.options.map((o) => o.id);
    for (const option of field.options)
      for (const lang of languages) flat[`${prefix}.options.${option.id}.${lang}`] = option.labels[lang];
  }
  if (values.recipients || values.retentionDays) {
    flat.recipients = values.recipients;
    flat.retentionDays = values.retentionDays;
  }
  if (!values.subjectList || values.pages.length > 0)
    flat.offeredOn = [values.subjectList ? 'subjectList' : '', ...values.pages].filter(Boolean);
  return flat;
}

const isLanguage = (value: string | undefined): value is SiteLanguage => value === 'de' || value === 'en';

/**
 * The form's key of a path into the update (`fields.1.labels.de` → `CompanyName.labels.de`,
 * `fields.6.options.1.labels.en` → `added.interval.options.yearly.en`).
 */
function keyOf(path: readonly PropertyKey[], update: InquiryTypeUpdate, values: TypeFormValues): TypeFormKey | undefined {
  const [first, second, third, fourth, fifth, sixth] = path.map(String);
  if (first === 'names' && isLanguage(second)) return `names.${second}`;
  if (first === 'recipients' || first === 'retentionDays') return first;
  if (first !== 'fields') return undefined;
  const key = update.fields[Number(second)]?.key;
  if (key === undefined) return 'added';
  if (isAdjustable(key)) {
    if ((third === 'labels' || third === 'help') && isLanguage(fourth)) return `${key}.${third}.${fourth}`;
    if (third === 'shown' || third === 'required') return `${key}.${third}`;
    return undefined;
  }
  // The added fields follow the adjustable ones, in the form's order.
  const adjustableCount = update.fields.filter((f) => isAdjustable(f.key)).length;
  const field = values.added[Number(second) - adjustableCount];
  if (!field) return 'added';
  const prefix = `added.${field.id}` as const;
  if (third === 'labels' || third === 'help' || third === 'unit') {
    // "needs its label in German and English" names the labels: shown at the one left empty.
    const lang = isLanguage(fourth) ? fourth : third === 'labels' && field.labels.de ? 'en' : 'de';
    return `${prefix}.${third}.${lang}`;
  }
  if (third === 'options') {
    const option = field.options[Number(fourth)];
    return option && fifth === 'labels' && isLanguage(sixth) ? `${prefix}.options.${option.id}.${sixth}` : `${prefix}.options`;
  }
  if (third === 'shown' || third === 'required' || third === 'multiple') return `${prefix}.${third}`;
  // Its key (made from its German label) or its kind.
  return third === 'key' ? `${prefix}.labels.de` : prefix;
}

/** A message of the contract's (the server's words) as one the dashboard says in its language, where it knows it. */
function problemOf(message: string, key: TypeFormKey, update: InquiryTypeUpdate, path: readonly string[]): FieldProblem {
  if (key === 'retentionDays') return { key: 'days' };
  if (key === 'recipients') {
    const address = update.recipients?.[Number(path[1])];
    if (path[1] !== undefined && address !== undefined) return { key: 'notEmail', value: address };
    if (/^at most \d+ recipients/.test(message)) return { key: 'tooManyRecipients', max: inquiryTypeLimits.recipients };
  }
  if (key === 'added' && /^at most \d+ added fields/.test(message))
    return { key: 'tooManyFields', max: inquiryTypeLimits.addedFields };
  if (key.endsWith('.options') && /^a choice has/.test(message)) return { key: 'options', max: inquiryTypeLimits.options };
  if (/needs its (label|words) in German and English|^required$/.test(message)) return { key: 'required' };
  if (message === oneLineMessage) return { key: 'oneLine' };
  const tooLong = /at most (\d+) characters/.exec(message);
  return tooLong ? { key: 'tooLong', max: Number(tooLong[1]) } : { text: message };
}

/** What the schema cannot say at a setting: the words an added type, field and option must have in both languages. */
function missingWords(base: InquiryType, values: TypeFormValues): TypeFormErrors {
  const errors: TypeFormErrors = {};
  const required = { key: 'required' } as const;
  for (const lang of languages) {
    if (!base.builtIn && !values.names[lang].trim()) errors[`names.${lang}`] = required;
    for (const field of values.added) {
      if (!field.labels[lang].trim()) errors[`added.${field.id}.labels.${lang}`] = required;
      if (field.kind !== 'choice') continue;
      for (const option of field.options)
        if (!option.labels[lang].trim()) errors[`added.${field.id}.options.${option.id}.${lang}`] = required;
    }
  }
  for (const field of values.added)
    if (field.kind === 'choice' && (field.options.length < 2 || field.options.length > inquiryTypeLimits.options))
      errors[`added.${field.id}.options`] = { key: 'options', max: inquiryTypeLimits.options };
  return errors;
}

export type CheckedType = { ok: true; update: InquiryTypeUpdate; created: boolean } | { ok: false; errors: TypeFormErrors };

/**
 * Checked with the contract's own schema before it is sent, so that the form and the server
 * cannot disagree: the update to send (for a type not yet created, with its key made from its
 * German name, not one of `takenKeys`), or per setting the first problem.
 */
export function checkTypeForm(base: InquiryType, values: TypeFormValues, takenKeys: readonly string[] = []): CheckedType {
  const created = base.key === '';
  const update = typeUpdate(base, values);
  if (created) update.key = newTypeKey(values.names, takenKeys);
  const parsed = (created ? inquiryTypeCreateSchema : inquiryTypeUpdateSchema).safeParse(update);
  const errors = missingWords(base, values);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = keyOf(issue.path, update, values);
    // Options without their words are marked one by one already.
    if (!key || (key.endsWith('.options') && Object.keys(errors).some((marked) => marked.startsWith(`${key}.`)))) continue;
    errors[key] ??=
      issue.code === 'too_big' && key !== 'recipients' && key !== 'added' && key !== 'retentionDays'
        ? { key: 'tooLong', max: Number(issue.maximum) }
        : problemOf(issue.message, key, update, issue.path.map(String));
  }
  // A problem with no setting of the form to show it at is the server's to name (400 after sending).
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, update, created };
}

/** The fields a 400 names (`errors: [{field, message}]`), at the settings of the form they belong to. */
export function serverFieldErrors(
  fieldErrors: readonly { field: string; message: string }[],
  update: InquiryTypeUpdate,
  values: TypeFormValues,
) {
  const errors: TypeFormErrors = {};
  for (const { field, message } of fieldErrors) {
    const path = field.split('.');
    const key = keyOf(path, update, values);
    if (key) errors[key] ??= problemOf(message, key, update, path);
  }
  return errors;
}
