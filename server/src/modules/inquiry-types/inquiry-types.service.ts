import {
  type AddedField,
  type AdjustableField,
  type FieldRules,
  type InquiryForm,
  type InquiryFormField,
  type InquiryType,
  type InquiryTypeCreate,
  type InquiryTypeField,
  type InquiryTypeList,
  type InquiryTypeUpdate,
  adjustableFieldKinds,
  adjustableFields,
  answerText,
  inquirySubjects,
  inquiryTypeLimits,
  inquiryTypeListSchema,
  fieldRule,
  shippedFieldRule,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { HttpError, badRequest } from '../../lib/http-error';
import { recordChange } from '../audit/audit.recorder';
import { staleSave } from '../audit/edit-version';
import { bumpContentVersion } from '../content/content-version.repository';
import { inquiryTypeCreated, inquiryTypeEntry, inquiryTypeRemoved } from './inquiry-types-audit';
import { insertFormVersion, readFormVersion, readLatestFormVersion } from './inquiry-types.repository';

const noWords = { de: '', en: '' };

/** SPEC.md's three types with SPEC.md's fields: version 0, what a site starts with. */
export const shippedInquiryTypes: InquiryTypeList = {
  version: 0,
  types: inquirySubjects.map((key) => ({
    key,
    names: noWords,
    builtIn: true,
    recipients: null,
    retentionDays: null,
    offeredOn: { subjectList: true, pages: [] },
    removed: false,
    revision: 0,
    fields: adjustableFields.map((field) => ({
      key: field,
      kind: adjustableFieldKinds[field],
      ...shippedFieldRule(key, field),
      labels: noWords,
      help: noWords,
    })),
  })),
};

const isAdjustable = (key: string): key is AdjustableField => (adjustableFields as readonly string[]).includes(key);

/**
 * The fields a type adds to SPEC.md's and shows, in both languages, as the answers' check takes
 * them (the contract's `addedFieldsOf` reads the public form, in one language).
 */
export function shownAddedFields(type: InquiryType | undefined): AddedField[] {
  return (type?.fields ?? [])
    .filter((f) => !isAdjustable(f.key) && f.shown)
    .map((f) => ({ ...f, kind: f.kind as AddedField['kind'] }));
}

function parse(version: number, definition: string | undefined): InquiryTypeList | undefined {
  if (definition === undefined) return undefined;
  const parsed = inquiryTypeListSchema.safeParse({ version, ...(JSON.parse(definition) as object) });
  return parsed.success ? parsed.data : undefined;
}

/** The form's definition as it is now. */
export async function currentInquiryTypes(db: Db): Promise<InquiryTypeList> {
  const latest = await readLatestFormVersion(db);
  return (latest && parse(latest.version, latest.definition)) ?? shippedInquiryTypes;
}

/**
 * The definition a form was shown with (its `formVersion`): an inquiry sent while staff changed
 * the form is checked against what its sender saw. Unknown or not given: the current one.
 */
export async function inquiryTypesAt(db: Db, version: number | undefined): Promise<InquiryTypeList> {
  if (version === 0) return shippedInquiryTypes;
  const found = version === undefined ? undefined : parse(version, await readFormVersion(db, version));
  return found ?? currentInquiryTypes(db);
}

/** The check's rules of a definition (contract's `checkInquiry`): the form's own lookup, words aside. */
export function fieldRulesOf(list: InquiryTypeList): FieldRules {
  const form = inquiryFormOf(list, 'de');
  return (subject, field) => fieldRule(form, subject, field);
}

/**
 * What the footer form is made from in one language ('' : the site's own words): the types not
 * removed, each field with its words, and an added field with its kind and what it offers.
 */
export function inquiryFormOf(list: InquiryTypeList, lang: 'de' | 'en'): InquiryForm {
  const formField = (f: InquiryTypeField): InquiryFormField => ({
    key: f.key,
    shown: f.shown,
    required: f.shown && f.required,
    label: f.labels[lang],
    help: f.help[lang],
    ...(!isAdjustable(f.key) && {
      kind: f.kind as AddedField['kind'],
      ...(f.options && { options: f.options.map((o) => ({ key: o.key, label: o.labels[lang] })) }),
      ...(f.multiple !== undefined && { multiple: f.multiple }),
      ...(f.unit && { unit: f.unit[lang] }),
    }),
  });
  return {
    version: list.version,
    types: list.types
      .filter((type) => !type.removed)
      .map((type) => ({
        key: type.key,
        name: type.names[lang],
        ...(!type.offeredOn.subjectList && { inSubjectList: false }),
        ...(type.offeredOn.pages.length > 0 && { offeredOn: type.offeredOn.pages }),
        fields: type.fields.filter((f) => isAdjustable(f.key) || f.shown).map(formField),
      })),
  };
}

/** A type's fields as saved: SPEC.md's adjustable ones in their place (their kind their own), then the ones it adds. */
function fieldsToSave(before: readonly InquiryTypeField[], given: InquiryTypeUpdate['fields']): InquiryTypeField[] {
  const byKey = new Map(given.map((f) => [f.key, f]));
  const words = (f: InquiryTypeUpdate['fields'][number]) => ({
    shown: f.shown,
    required: f.shown && f.required,
    labels: f.labels,
    help: f.help,
  });
  const adjustable = adjustableFields.map((key) => ({
    ...(before.find((f) => f.key === key) ?? { key, kind: adjustableFieldKinds[key] }),
    ...words(byKey.get(key)!),
  }));
  // A field a type adds keeps its kind once saved: answers already sent were checked by it.
  const added = given
    .filter((f) => !isAdjustable(f.key))
    .map((f) => {
      const kind = before.find((b) => b.key === f.key)?.kind ?? f.kind!;
      return {
        key: f.key,
        kind,
        ...words(f),
        ...(kind === 'choice' && { options: f.options }),
        ...((kind === 'choice' || kind === 'date') && { multiple: f.multiple ?? false }),
        ...(kind === 'number' && f.unit && { unit: f.unit }),
      };
    });
  return [...adjustable, ...added];
}

/**
 * Refuses (400) what the schema cannot see alone: a saved field's kind changed (the answers kept
 * were checked by it), or an added field's key another type of the form already uses (the form
 * sent without JavaScript carries every type's fields, by their keys).
 */
function checkAddedFields(
  current: InquiryTypeList,
  key: string,
  before: readonly InquiryTypeField[],
  given: InquiryTypeUpdate['fields'],
) {
  for (const field of given.filter((f) => !isAdjustable(f.key))) {
    const saved = before.find((b) => b.key === field.key);
    if (saved && field.kind !== undefined && field.kind !== saved.kind)
      throw badRequest('fields', `the field ${field.key} is a ${saved.kind} and stays one; add a new field instead`);
    const other = current.types.find((t) => t.key !== key && !t.removed && t.fields.some((f) => f.key === field.key));
    if (other) throw badRequest('fields', `the field key ${field.key} is used by the type ${other.key}; give this field another`);
  }
}

/** Saves the whole definition as a new version, the change in the audit trail; the pages carry the form. */
async function saveVersion(
  trx: Db,
  current: InquiryTypeList,
  types: InquiryType[],
  entry: Parameters<typeof recordChange>[1],
): Promise<InquiryTypeList> {
  const version = current.version + 1;
  const stamped = types.map((t) => (t.revision === -1 ? { ...t, revision: version } : t));
  await insertFormVersion(trx, version, JSON.stringify({ types: stamped }), new Date().toISOString());
  await bumpContentVersion(trx);
  await recordChange(trx, entry);
  return { version, types: stamped };
}

/** Two saves at the same moment collide on the version's key: the second is refused, never lost. */
function sameMoment(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new HttpError(409, 'edit_conflict', 'The form was changed at the same moment; load it again', {
      problem: { changedBy: null, currentVersion: null },
    });
  }
  throw error;
}

/** What a type added by staff keeps of a write besides its fields: recipients, retention, where it is offered. */
function addedTypeSettings(before: InquiryType, given: InquiryTypeUpdate | InquiryTypeCreate) {
  if (before.builtIn) return {};
  return {
    recipients: given.recipients ?? before.recipients ?? [],
    retentionDays: given.retentionDays !== undefined ? given.retentionDays : before.retentionDays,
    offeredOn: given.offeredOn ?? before.offeredOn,
  };
}

/**
 * Saves one type as a new version of the whole definition: refused with 409 when the type was
 * changed since it was read, or when another save took the same version first. The public
 * pages are made anew (they carry the form).
 */
export async function saveInquiryType(db: Db, update: InquiryTypeUpdate): Promise<InquiryTypeList> {
  return inTransaction(db, async (trx) => {
    const current = await currentInquiryTypes(trx);
    const before = current.types.find((t) => t.key === update.key && !t.removed);
    if (!before) throw new HttpError(404, 'not_found', `There is no inquiry type "${update.key}"`);
    // The same refusal as every other stale save (decision 036): the dashboard names who saved.
    if (before.revision !== update.revision) throw await staleSave(trx, 'inquiryType', update.key, String(before.revision));
    checkAddedFields(current, update.key, before.fields, update.fields);
    const after: InquiryType = {
      ...before,
      ...addedTypeSettings(before, update),
      names: update.names,
      revision: -1,
      fields: fieldsToSave(before.fields, update.fields),
    };
    const types = current.types.map((t) => (t.key === update.key ? after : t));
    const saved = await saveVersion(trx, current, types, inquiryTypeEntry(before, { ...after, revision: current.version + 1 }));
    return saved;
  }).catch(sameMoment);
}

/**
 * Adds a type staff composed (issue 44). Its key is its name for good: one that exists, or
 * existed (its inquiries keep it), is refused with 409.
 */
export async function createInquiryType(db: Db, create: InquiryTypeCreate): Promise<InquiryTypeList> {
  return inTransaction(db, async (trx) => {
    const current = await currentInquiryTypes(trx);
    if (current.types.some((t) => t.key === create.key)) {
      throw new HttpError(409, 'conflict', `An inquiry type "${create.key}" exists already, or existed`);
    }
    // The form's stylesheet shows an added type's fields by its place in the subject list (styles.css).
    if (current.types.filter((t) => !t.builtIn && !t.removed).length >= inquiryTypeLimits.addedTypes) {
      throw new HttpError(
        409,
        'conflict',
        `At most ${inquiryTypeLimits.addedTypes} types of your own at a time; remove one first`,
      );
    }
    const blank: InquiryType = {
      key: create.key,
      names: create.names,
      builtIn: false,
      recipients: [],
      retentionDays: null,
      offeredOn: { subjectList: true, pages: [] },
      removed: false,
      revision: -1,
      fields: [],
    };
    checkAddedFields(current, create.key, [], create.fields);
    const type: InquiryType = { ...blank, ...addedTypeSettings(blank, create), fields: fieldsToSave([], create.fields) };
    return saveVersion(trx, current, [...current.types, type], inquiryTypeCreated(type));
  }).catch(sameMoment);
}

/**
 * Removes a type staff added: it leaves the form, its inquiries stay (and keep its name and
 * words). SPEC.md's three cannot be removed.
 */
export async function removeInquiryType(db: Db, key: string): Promise<InquiryTypeList> {
  return inTransaction(db, async (trx) => {
    const current = await currentInquiryTypes(trx);
    const before = current.types.find((t) => t.key === key && !t.removed);
    if (!before) throw new HttpError(404, 'not_found', `There is no inquiry type "${key}"`);
    if (before.builtIn)
      throw new HttpError(409, 'conflict', 'The three types of the site cannot be removed; hide their fields instead');
    const types = current.types.map((t) => (t.key === key ? { ...t, removed: true, revision: -1 } : t));
    return saveVersion(trx, current, types, inquiryTypeRemoved(before));
  }).catch(sameMoment);
}

/** The words staff gave an inquiry's fields in the form it was sent with, where they gave any. */
export async function fieldLabelsOf(
  db: Db,
  inquiry: { subject: string; formVersion: number },
): Promise<{ key: AdjustableField; de: string; en: string }[]> {
  if (inquiry.formVersion === 0) return [];
  const form = await inquiryTypesAt(db, inquiry.formVersion);
  const type = form.types.find((t) => t.key === inquiry.subject);
  return (type?.fields ?? [])
    .filter(
      (f): f is InquiryTypeField & { key: AdjustableField } => isAdjustable(f.key) && (f.labels.de !== '' || f.labels.en !== ''),
    )
    .map((f) => ({ key: f.key, ...f.labels }));
}

type AnswerWithWords = {
  key: string;
  kind: AddedField['kind'];
  label: { de: string; en: string };
  text: { de: string; en: string };
};

/** An inquiry's answers to the fields its type added, with their words as they were when it was sent, in the form's order. */
export async function answersOf(
  db: Db,
  inquiry: { subject: string; formVersion: number; answers: Record<string, unknown> },
): Promise<AnswerWithWords[]> {
  return answerReader(db)(inquiry);
}

/** `answersOf` for many inquiries (the CSV): each version of the form read once. */
export function answerReader(db: Db) {
  const versions = new Map<number, Promise<InquiryTypeList>>();
  return async (inquiry: {
    subject: string;
    formVersion: number;
    answers: Record<string, unknown>;
  }): Promise<AnswerWithWords[]> => {
    if (Object.keys(inquiry.answers).length === 0) return [];
    let form = versions.get(inquiry.formVersion);
    if (!form) versions.set(inquiry.formVersion, (form = inquiryTypesAt(db, inquiry.formVersion)));
    const fields = shownAddedFields((await form).types.find((t) => t.key === inquiry.subject));
    return fields.flatMap((field) => {
      const answer = inquiry.answers[field.key] as Parameters<typeof answerText>[1] | undefined;
      if (answer === undefined) return [];
      const text = { de: answerText(field, answer, 'de'), en: answerText(field, answer, 'en') };
      return [{ key: field.key, kind: field.kind, label: { ...field.labels }, text }];
    });
  };
}

/** A type staff added, as it is now (removed ones too: their inquiries stay); undefined for SPEC.md's three. */
export async function addedTypeOf(db: Db, key: string): Promise<InquiryType | undefined> {
  const type = (await currentInquiryTypes(db)).types.find((t) => t.key === key);
  return type && !type.builtIn ? type : undefined;
}

/** The names of every type staff added, removed ones too. */
export async function addedTypeNames(db: Db): Promise<Map<string, { de: string; en: string }>> {
  const list = await currentInquiryTypes(db);
  return new Map(list.types.filter((t) => !t.builtIn).map((t) => [t.key, t.names]));
}

/** Refuses (400, naming `field`) a type key the site never had: a filter or an account's limit must name a type. */
export async function checkTypeKeys(db: Db, keys: readonly string[] | null | undefined, field: string): Promise<void> {
  if (!keys?.length) return;
  const known = new Set((await currentInquiryTypes(db)).types.map((t) => t.key));
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length > 0)
    throw badRequest(field, `unknown inquiry type: ${unknown.join(', ')}; the types are ${[...known].join(', ')}`);
}
