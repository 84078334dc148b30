import { z } from 'zod';
import { adjustableFields, inquirySubjects } from './contact-rules';
import { addedFieldKinds, isAddedKey, reservedFieldNames } from './inquiry-answers';
import { oneLine } from './one-line';
import { ignoredReadFields } from './read-only-fields';
import { pageKeys } from './routes';

// The inquiry types and their fields as staff shape them (issue 44, decision 057). The form's
// own view of them, per language, is `InquiryForm` (inquiry-form.ts).

/** Longest label, help text and type name staff may give (characters). */
export const inquiryTypeLimits = {
  name: 60,
  label: 80,
  help: 200,
  unit: 20,
  options: 20,
  addedFields: 20,
  recipients: 10,
  /** Types of its own a site offers at a time (the form's stylesheet shows them by their place, styles.css). */
  addedTypes: 10,
} as const;

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
  key: z.string(),
  shown: z.boolean(),
  required: z.boolean(),
  labels: bilingual(inquiryTypeLimits.label),
  help: bilingual(inquiryTypeLimits.help),
  /** An added choice's options, in the form's order. */
  options: z.array(z.object({ key: z.string(), labels: bilingual(inquiryTypeLimits.label) })).optional(),
  /** An added choice of several options, or up to `maxDates` preferred dates. */
  multiple: z.boolean().optional(),
  /** An added number's unit. */
  unit: bilingual(inquiryTypeLimits.unit).optional(),
};

/**
 * One field of a type as staff set it: one of SPEC.md's adjustable fields (its `kind` told, not
 * chosen), or a field the type adds (any of `addedFieldKinds`).
 */
export const inquiryTypeFieldSchema = z.object({ ...fieldSettingFields, kind: z.enum(inquiryFieldKinds) });
export type InquiryTypeField = z.infer<typeof inquiryTypeFieldSchema>;

/** Where a type is offered: in the footer form's subject list, and by a button on these pages. */
export const offeredOnSchema = z.object({ subjectList: z.boolean(), pages: z.array(z.enum(pageKeys)) });

/**
 * `GET /api/v1/InquiryType` with a staff token: one type with its fields in the form's order.
 * `builtIn`: one of SPEC.md's three, which cannot be removed; their recipients stay in the mail
 * settings and their retention is the site's (`recipients` and `retentionDays` null). `removed`:
 * hidden from the form, its inquiries kept and named. `revision`: the form version this type
 * last changed in, sent back with a change (decision 036: no lost edits).
 */
export const inquiryTypeSchema = z.object({
  key: z.string(),
  names: bilingual(inquiryTypeLimits.name),
  fields: z.array(inquiryTypeFieldSchema),
  builtIn: z.boolean(),
  /** Where its mails to the company go; [] : the company's address. */
  recipients: z.array(z.string()).nullable().default(null),
  /** Days after arrival its inquiries are deleted; null keeps them. */
  retentionDays: z.number().int().nullable().default(null),
  offeredOn: offeredOnSchema.default({ subjectList: true, pages: [] }),
  removed: z.boolean().default(false),
  revision: z.number().int(),
});
export type InquiryType = z.infer<typeof inquiryTypeSchema>;

export const inquiryTypeListSchema = z.object({
  /** The current version of the form's definition (0: SPEC.md's form, never changed). */
  version: z.number().int(),
  types: z.array(inquiryTypeSchema),
});
export type InquiryTypeList = z.infer<typeof inquiryTypeListSchema>;

const recipientAddress = z.string().trim().max(254).pipe(z.email('must be an e-mail address'));

const fieldUpdateSchema = z
  .object({
    ...fieldSettingFields,
    /** An adjustable field's kind is told and ignored; an added field's is chosen here. */
    kind: z.enum(inquiryFieldKinds).optional(),
  })
  .superRefine((field, ctx) => {
    const problem = (message: string, path: string[] = []) => ctx.addIssue({ code: 'custom', message, path });
    if ((adjustableFields as readonly string[]).includes(field.key)) return;
    if (!isAddedKey(field.key) || reservedFieldNames.includes(field.key))
      return problem("an added field's key is a-z, then letters and digits (2–40), and not a name the form uses", ['key']);
    if (!field.kind || !(addedFieldKinds as readonly string[]).includes(field.kind))
      return problem(`an added field's kind is one of ${addedFieldKinds.join(', ')}`, ['kind']);
    if (!field.labels.de || !field.labels.en) problem('an added field needs its label in German and English', ['labels']);
    if (field.kind === 'choice') {
      const options = field.options ?? [];
      if (options.length < 2 || options.length > inquiryTypeLimits.options)
        problem(`a choice has 2 to ${inquiryTypeLimits.options} options`, ['options']);
      if (options.some((o) => !isAddedKey(o.key)) || new Set(options.map((o) => o.key)).size !== options.length)
        problem('each option has its own key (a-z, then letters and digits)', ['options']);
      if (options.some((o) => !o.labels.de || !o.labels.en))
        problem('each option needs its words in German and English', ['options']);
    } else if (field.options) problem('only a choice has options', ['options']);
    if (field.multiple !== undefined && field.kind !== 'choice' && field.kind !== 'date')
      problem('only a choice or a date may take several values', ['multiple']);
    if (field.unit && field.kind !== 'number') problem('only a number has a unit', ['unit']);
  });

const inquiryTypeUpdateFields = {
  key: z.string(),
  names: bilingual(inquiryTypeLimits.name),
  /** Every adjustable field once, and the fields the type adds; `kind` of an adjustable field as read is accepted and ignored. */
  fields: z
    .array(fieldUpdateSchema)
    .max(adjustableFields.length + inquiryTypeLimits.addedFields, `at most ${inquiryTypeLimits.addedFields} added fields`)
    .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, 'names a field twice')
    .refine(
      (fields) => adjustableFields.every((key) => fields.some((f) => f.key === key)),
      `must list each of ${adjustableFields.join(', ')}`,
    ),
  /** An added type's: where its mails go ([] : the company's address); a built-in type's are in the mail settings. */
  recipients: z
    .array(recipientAddress)
    .max(inquiryTypeLimits.recipients, `at most ${inquiryTypeLimits.recipients} recipients`)
    .nullable()
    .optional(),
  /** An added type's: days after arrival its inquiries are deleted (null keeps them). */
  retentionDays: z.number().int().min(1).max(3650).nullable().optional(),
  offeredOn: offeredOnSchema.optional(),
  /** The `revision` read: a type changed since is refused with 409, never overwritten. */
  revision: z.number().int().min(0),
};

/** `PUT /api/v1/InquiryType`: one type's names and fields, as read. */
export const inquiryTypeUpdateSchema = z.strictObject({
  ...ignoredReadFields(inquiryTypeSchema.shape, inquiryTypeUpdateFields),
  ...inquiryTypeUpdateFields,
});
export type InquiryTypeUpdate = z.infer<typeof inquiryTypeUpdateSchema>;

/** `POST /api/v1/InquiryType`: a new type; its key is its name in the form and the API (a-z, letters and digits). */
export const inquiryTypeCreateSchema = z.strictObject({
  ...ignoredReadFields(inquiryTypeSchema.shape, inquiryTypeUpdateFields),
  ...inquiryTypeUpdateFields,
  key: z
    .string()
    .refine(isAddedKey, 'a-z, then letters and digits (2–40 characters), not a name every object has')
    .refine((key) => !(inquirySubjects as readonly string[]).includes(key), 'is one of the built-in types'),
  names: z.strictObject({
    de: words(inquiryTypeLimits.name).min(1, 'required'),
    en: words(inquiryTypeLimits.name).min(1, 'required'),
  }),
  revision: z.number().int().min(0).optional(),
});
export type InquiryTypeCreate = z.infer<typeof inquiryTypeCreateSchema>;

/** `GET /api/v1/InquiryType` without a token: the form's definition in one language. */
export const inquiryFormQuerySchema = z.object({ lang: z.enum(['de', 'en']).default('de') });

export const inquiryFormSchema = z.object({
  version: z.number().int(),
  types: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      /** false: offered only by a button on chosen pages, not in the subject list. */
      inSubjectList: z.boolean().optional(),
      /** The pages (their keys) that offer it by a button which chooses it in the form. */
      offeredOn: z.array(z.string()).optional(),
      fields: z.array(
        z.object({
          key: z.string(),
          shown: z.boolean(),
          required: z.boolean(),
          label: z.string(),
          help: z.string(),
          kind: z.enum(addedFieldKinds).optional(),
          options: z.array(z.object({ key: z.string(), label: z.string() })).optional(),
          multiple: z.boolean().optional(),
          unit: z.string().optional(),
        }),
      ),
    }),
  ),
});
