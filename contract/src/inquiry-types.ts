import { z } from 'zod';
import { adjustableFields, inquirySubjects } from './contact-rules';
import { oneLine } from './one-line';
import { ignoredReadFields } from './read-only-fields';

// The inquiry types and their fields as staff shape them (issue 44, decision 057). The form's
// own view of them, per language, is `InquiryForm` (inquiry-form.ts).

/** Longest label, help text and type name staff may give (characters). */
export const inquiryTypeLimits = { name: 60, label: 80, help: 200 } as const;

const words = (max: number) => oneLine(z.string().trim().max(max, `at most ${max} characters`));
/** A text in German and English; '' : the site's own words (the page texts). */
const bilingual = (max: number) => z.strictObject({ de: words(max), en: words(max) });

/** The kind of value a field takes: what the form shows for it and how it is checked. */
export const inquiryFieldKinds = [
  'line',
  'text',
  'email',
  'phone',
  'number',
  'date',
  'choice',
  'yesNo',
  'address',
  'files',
] as const;

/** The kind of each adjustable field of SPEC.md's form. */
export const adjustableFieldKinds = {
  phone: 'phone',
  CompanyName: 'line',
  BuildingSize: 'line',
  CompanyAddress: 'text',
  Regards: 'choice',
} as const satisfies Record<(typeof adjustableFields)[number], (typeof inquiryFieldKinds)[number]>;

const fieldSettingFields = {
  key: z.enum(adjustableFields),
  shown: z.boolean(),
  required: z.boolean(),
  labels: bilingual(inquiryTypeLimits.label),
  help: bilingual(inquiryTypeLimits.help),
};

/** One field of a type as staff set it. `kind` is told, not chosen: a shipped field's kind is its own. */
export const inquiryTypeFieldSchema = z.object({ ...fieldSettingFields, kind: z.enum(inquiryFieldKinds) });
export type InquiryTypeField = z.infer<typeof inquiryTypeFieldSchema>;

/**
 * `GET /api/v1/InquiryType` with a staff token: one type with every adjustable field, in the
 * form's order. `builtIn`: one of SPEC.md's three, which cannot be removed. `revision`: the form
 * version this type last changed in, sent back with a change (decision 036: no lost edits).
 */
export const inquiryTypeSchema = z.object({
  key: z.enum(inquirySubjects),
  names: bilingual(inquiryTypeLimits.name),
  fields: z.array(inquiryTypeFieldSchema),
  builtIn: z.boolean(),
  revision: z.number().int(),
});
export type InquiryType = z.infer<typeof inquiryTypeSchema>;

export const inquiryTypeListSchema = z.object({
  /** The current version of the form's definition (0: SPEC.md's form, never changed). */
  version: z.number().int(),
  types: z.array(inquiryTypeSchema),
});
export type InquiryTypeList = z.infer<typeof inquiryTypeListSchema>;

const inquiryTypeUpdateFields = {
  key: z.enum(inquirySubjects),
  names: bilingual(inquiryTypeLimits.name),
  /** Every adjustable field once; `kind` as read is accepted and ignored. */
  fields: z
    .array(z.object({ ...fieldSettingFields, ...ignoredReadFields(inquiryTypeFieldSchema.shape, fieldSettingFields) }))
    .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, 'names a field twice')
    .refine((fields) => fields.length === adjustableFields.length, `must list each of ${adjustableFields.join(', ')}`),
  /** The `revision` read: a type changed since is refused with 409, never overwritten. */
  revision: z.number().int().min(0),
};

/** `PUT /api/v1/InquiryType`: one type's names and fields, as read. */
export const inquiryTypeUpdateSchema = z.strictObject({
  ...ignoredReadFields(inquiryTypeSchema.shape, inquiryTypeUpdateFields),
  ...inquiryTypeUpdateFields,
});
export type InquiryTypeUpdate = z.infer<typeof inquiryTypeUpdateSchema>;

/** `GET /api/v1/InquiryType` without a token: the form's definition in one language. */
export const inquiryFormQuerySchema = z.object({ lang: z.enum(['de', 'en']).default('de') });

export const inquiryFormSchema = z.object({
  version: z.number().int(),
  types: z.array(
    z.object({
      key: z.enum(inquirySubjects),
      name: z.string(),
      fields: z.array(
        z.object({
          key: z.enum(adjustableFields),
          shown: z.boolean(),
          required: z.boolean(),
          label: z.string(),
          help: z.string(),
        }),
      ),
    }),
  ),
});
