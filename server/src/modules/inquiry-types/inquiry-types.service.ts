import {
  type AdjustableField,
  type FieldRules,
  type InquiryForm,
  type InquiryType,
  type InquiryTypeList,
  type InquiryTypeUpdate,
  adjustableFieldKinds,
  adjustableFields,
  inquirySubjects,
  inquiryTypeListSchema,
  fieldRule,
  shippedFieldRule,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { HttpError } from '../../lib/http-error';
import { recordChange } from '../audit/audit.recorder';
import { staleSave } from '../audit/edit-version';
import { bumpContentVersion } from '../content/content-version.repository';
import { inquiryTypeEntry } from './inquiry-types-audit';
import { insertFormVersion, readFormVersion, readLatestFormVersion } from './inquiry-types.repository';

const noWords = { de: '', en: '' };

/** SPEC.md's three types with SPEC.md's fields: version 0, what a site starts with. */
export const shippedInquiryTypes: InquiryTypeList = {
  version: 0,
  types: inquirySubjects.map((key) => ({
    key,
    names: noWords,
    builtIn: true,
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

/** What the footer form is made from in one language ('' : the site's own words). */
export function inquiryFormOf(list: InquiryTypeList, lang: 'de' | 'en'): InquiryForm {
  return {
    version: list.version,
    types: list.types.map((type) => ({
      key: type.key,
      name: type.names[lang],
      fields: type.fields.map((f) => ({
        key: f.key,
        shown: f.shown,
        required: f.shown && f.required,
        label: f.labels[lang],
        help: f.help[lang],
      })),
    })),
  };
}

/**
 * Saves one type as a new version of the whole definition: refused with 409 when the type was
 * changed since it was read, or when another save took the same version first. The public
 * pages are made anew (they carry the form).
 */
export async function saveInquiryType(db: Db, update: InquiryTypeUpdate): Promise<InquiryTypeList> {
  try {
    return await inTransaction(db, async (trx) => {
      const current = await currentInquiryTypes(trx);
      const before = current.types.find((t) => t.key === update.key)!;
      // The same refusal as every other stale save (decision 036): the dashboard names who saved.
      if (before.revision !== update.revision) throw await staleSave(trx, 'inquiryType', update.key, String(before.revision));
      const version = current.version + 1;
      const byKey = new Map(update.fields.map((f) => [f.key, f]));
      const after: InquiryType = {
        ...before,
        names: update.names,
        revision: version,
        fields: before.fields.map((field) => {
          const given = byKey.get(field.key)!;
          // A field not shown is not required: the check would ask for what nobody can see.
          return {
            ...field,
            shown: given.shown,
            required: given.shown && given.required,
            labels: given.labels,
            help: given.help,
          };
        }),
      };
      const types = current.types.map((t) => (t.key === update.key ? after : t));
      await insertFormVersion(trx, version, JSON.stringify({ types }), new Date().toISOString());
      await bumpContentVersion(trx);
      await recordChange(trx, inquiryTypeEntry(before, after));
      return { version, types };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'edit_conflict', 'The form was changed at the same moment; load it again', {
        problem: { changedBy: null, currentVersion: null },
      });
    }
    throw error;
  }
}

/** The words staff gave an inquiry's fields in the form it was sent with, where they gave any. */
export async function fieldLabelsOf(
  db: Db,
  inquiry: { subject: string; formVersion: number },
): Promise<{ key: AdjustableField; de: string; en: string }[]> {
  if (inquiry.formVersion === 0) return [];
  const form = await inquiryTypesAt(db, inquiry.formVersion);
  const type = form.types.find((t) => t.key === inquiry.subject);
  return (type?.fields ?? []).filter((f) => f.labels.de || f.labels.en).map((f) => ({ key: f.key, ...f.labels }));
}
