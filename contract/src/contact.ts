import { z } from 'zod';
import { deliveryStatuses, inquiryStatuses } from './inquiry-states';
import { adjustableFields, regardsOptions } from './contact-rules';
import { addedFieldKinds, isAddedKey } from './inquiry-answers';

/**
 * 201 of POST /api/v1/Contact: the stored inquiry's id, the reference number the visitor is told,
 * and whether a confirmation mail goes to them (CONFIRMATION_MAIL), which the form then says.
 */
export const contactCreatedSchema = z.object({ id: z.number().int(), reference: z.string(), confirmationMail: z.boolean() });
export type ContactCreated = z.infer<typeof contactCreatedSchema>;

/**
 * An inquiry type's key: one of SPEC.md's three (`inquirySubjects`) or one staff added (issue 44),
 * whose names the type list tells (`GET /api/v1/InquiryType`).
 */
export const inquirySubjectSchema = z.string().refine(isAddedKey, 'must be the key of an inquiry type');
export const regardSchema = z.enum(regardsOptions);

export { deliveryStatuses, inquiryStatuses } from './inquiry-states';
export const deliveryStatusSchema = z.enum(deliveryStatuses);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const inquiryStatusSchema = z.enum(inquiryStatuses);
export type InquiryStatus = z.infer<typeof inquiryStatusSchema>;

/** A colleague an inquiry is assigned to, by the name the dashboard shows. */
export const inquiryAssigneeSchema = z.object({ id: z.number().int(), name: z.string() });
export type InquiryAssignee = z.infer<typeof inquiryAssigneeSchema>;

/** One row of the inbox list. */
export const inquirySummarySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  createdAt: z.string(),
  subject: inquirySubjectSchema,
  /** A type staff added: its names (issue 44); null: one of SPEC.md's three, which the dashboard names in its own words. */
  typeNames: z.object({ de: z.string(), en: z.string() }).nullable(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  email: z.string(),
  status: inquiryStatusSchema,
  /** The colleague working on it; null: nobody yet. */
  assignee: inquiryAssigneeSchema.nullable(),
  /** The day to look at it again (Wiedervorlage), `YYYY-MM-DD` in Europe/Berlin. */
  followUpOn: z.string().nullable(),
  deliveryStatus: deliveryStatusSchema,
  spam: z.boolean(),
  /**
   * Unanswered (decision 048): not spam, still `new`, and two working days (Monday to Friday
   * without the public holidays of the company's federal state) have passed since it arrived.
   */
  unanswered: z.boolean(),
  attachmentCount: z.number().int(),
  /** The job an application is for: its id and its title when the application arrived (the job may be gone since). */
  job: z.object({ id: z.number().int().nullable(), title: z.string().nullable() }).nullable(),
  /** New and not yet opened by the signed-in user (issue 42: unread per person). */
  unread: z.boolean(),
  /** How many other inquiries share its e-mail address or phone number within 90 days (its possible duplicates). */
  duplicateCount: z.number().int(),
});
export type InquirySummary = z.infer<typeof inquirySummarySchema>;

/** Another inquiry from the same person, as far as its e-mail address or phone number tells (linked, never merged). */
export const inquiryDuplicateSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  createdAt: z.string(),
  subject: inquirySubjectSchema,
  /** A type staff added: its names; null: one of SPEC.md's three. */
  typeNames: z.object({ de: z.string(), en: z.string() }).nullable(),
  status: inquiryStatusSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** What the two share: the e-mail address (case aside), the phone number (spaces, `+49`/`0049`/`0` aside), or both. */
  matchedBy: z.array(z.enum(['email', 'phone'])),
});
export type InquiryDuplicate = z.infer<typeof inquiryDuplicateSchema>;

export const inquiryAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Staff-only download (Content-Disposition: attachment). */
  url: z.string(),
});
export type InquiryAttachment = z.infer<typeof inquiryAttachmentSchema>;

/** An inquiry's mails: to the company, the confirmation to the sender, a reply from the dashboard. */
export const inquiryMailKinds = ['inquiry', 'confirmation', 'reply'] as const;

export const mailDeliverySchema = z.object({
  kind: z.enum(inquiryMailKinds),
  status: z.enum(['pending', 'sent', 'failed', 'logged']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  history: z.array(z.object({ attemptedAt: z.string(), error: z.string().nullable() })),
});
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

/** Where an inquiry came from (issue 32): its visit's source and landing page, and the page its form was sent from. */
export const inquiryOriginSchema = z.object({
  /** The `utm_source`, else the referring site's host, else `direct`. */
  source: z.string(),
  campaign: z.string(),
  landingPath: z.string(),
  /** '' when the form's page is not known (its address was not sent along). */
  formPath: z.string(),
});
export type InquiryOrigin = z.infer<typeof inquiryOriginSchema>;

/**
 * One event of an inquiry's time line, oldest first: when it arrived, its mails, and what staff
 * did with it, each with who (`by`, the name shown then) and when.
 */
export const inquiryEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('received'), at: z.string() }),
  z.object({
    kind: z.literal('mail'),
    at: z.string(),
    mail: z.enum(inquiryMailKinds),
    status: z.enum(['pending', 'sent', 'failed', 'logged']),
    /** A reply's: its subject and who sent it. */
    subject: z.string().optional(),
    by: z.string().optional(),
  }),
  z.object({ kind: z.literal('status'), at: z.string(), by: z.string(), status: inquiryStatusSchema }),
  z.object({ kind: z.literal('assignee'), at: z.string(), by: z.string(), assignee: z.string().nullable() }),
  z.object({ kind: z.literal('followUp'), at: z.string(), by: z.string(), followUpOn: z.string().nullable() }),
  z.object({ kind: z.literal('note'), at: z.string(), by: z.string(), id: z.number().int(), text: z.string() }),
]);
export type InquiryEvent = z.infer<typeof inquiryEventSchema>;

/**
 * An applicant's consent to be kept for later openings (decision 050): when it was given, the
 * version of the box's wording and the words shown, in the language shown.
 */
export const applicationConsentSchema = z.object({
  givenAt: z.string(),
  version: z.string(),
  language: z.enum(['de', 'en']),
  text: z.string(),
});
export type ApplicationConsent = z.infer<typeof applicationConsentSchema>;

/** One inquiry with every field, its attachments and its mail deliveries. */
export const inquiryDetailSchema = inquirySummarySchema.extend({
  phone: z.string(),
  message: z.string(),
  companyAddress: z.string().nullable(),
  buildingSize: z.string().nullable(),
  regards: z.array(regardSchema),
  language: z.enum(['de', 'en']),
  handledAt: z.string().nullable(),
  attachments: z.array(inquiryAttachmentSchema),
  mails: z.array(mailDeliverySchema),
  /** null when the visit was not counted (no statistics, Do-Not-Track, an objection) or is older than the inquiry's day. */
  origin: inquiryOriginSchema.nullable(),
  /** Its time line: received, mails, status, assignment, follow-up and internal notes. */
  history: z.array(inquiryEventSchema),
  /** Its possible duplicates, newest first (those of types the user may see). */
  duplicates: z.array(inquiryDuplicateSchema),
  /** An application's consent to be kept for later openings; null: none given (always null for other types). */
  applicationConsent: applicationConsentSchema.nullable(),
  /** The version of the form's definition it was sent with (issue 44; 0: SPEC.md's form). */
  formVersion: z.number().int(),
  /**
   * The words staff gave its type's fields in that version, where they gave any ('' : the site's
   * own): the inbox names its fields as its sender read them.
   */
  fieldLabels: z.array(z.object({ key: z.enum(adjustableFields), de: z.string(), en: z.string() })),
  /**
   * What it answered in the fields its type adds (issue 44), in the form's order, each with its
   * label and the answer as text in both languages, as in the version it was sent with.
   */
  answers: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(addedFieldKinds),
      label: z.object({ de: z.string(), en: z.string() }),
      text: z.object({ de: z.string(), en: z.string() }),
    }),
  ),
});
export type InquiryDetail = z.infer<typeof inquiryDetailSchema>;

/**
 * A search counts its matches up to this many (decision 052): beyond, `count` is this and
 * `countCapped` true — "more than 1,000", and the pages end there. Every other list counts all.
 */
export const inquirySearchCountCap = 1000;

export const inquiryListSchema = z.object({
  data: z.array(inquirySummarySchema),
  count: z.number().int(),
  /** More match than `count` (a search past `inquirySearchCountCap`). */
  countCapped: z.boolean(),
});
export type InquiryList = z.infer<typeof inquiryListSchema>;

/** `GET /api/v1/Inquiry/Unread`: how many new inquiries the signed-in user has not opened yet (the inbox tab's count). */
export const inquiryUnreadSchema = z.object({ count: z.number().int() });
export type InquiryUnread = z.infer<typeof inquiryUnreadSchema>;

/**
 * `GET /api/v1/Inquiry/Jobs`: every job that applications name, removed ones included, with the
 * title kept from its latest application (German; `null` where the job was never public), for the
 * inbox's job filter.
 */
export const inquiryJobChoicesSchema = z.array(z.object({ id: z.number().int(), title: z.string().nullable() }));
export type InquiryJobChoices = z.infer<typeof inquiryJobChoicesSchema>;

/** `GET /api/v1/Contact/FormToken`: asked for when the contact form becomes interactive. */
export const contactFormTokenSchema = z.object({ token: z.string() });

/** `YYYY-MM-DD`, a calendar day in the company's time zone (Europe/Berlin). */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'must be a real calendar day',
  });

/** Search and filters of the inbox, shared by the list and the CSV export. */
export const inquiryFilterSchema = z.object({
  /** Case-insensitive substring of name, e-mail, company or message. */
  Search: z
    .string()
    .trim()
    .max(200)
    // eslint-disable-next-line no-control-regex -- a search for a control character is a broken request
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters')
    .optional(),
  Subject: inquirySubjectSchema.optional(),
  Delivery: deliveryStatusSchema.optional(),
  /** true: closed; false: not closed (the filter before `Status`, kept for clients that use it). */
  Handled: z.enum(['true', 'false']).optional(),
  Status: inquiryStatusSchema.optional(),
  /** `me`: assigned to the signed-in user; `none`: to nobody; else a user's id. */
  Assignee: z.union([z.enum(['me', 'none']), z.coerce.number().int().positive().max(2_147_483_647)]).optional(),
  /** true: a follow-up day today or before, not closed. */
  FollowUpDue: z.enum(['true', 'false']).optional(),
  /** true: new and not yet opened by the signed-in user. */
  Unread: z.enum(['true', 'false']).optional(),
  /** true: only the unanswered (see `unanswered` of a list item); false or left out: no limit. */
  Unanswered: z.enum(['true', 'false']).optional(),
  /** Applications for this job (its id). */
  JobID: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** true: only what the spam checks caught; otherwise only real inquiries. */
  Spam: z.enum(['true', 'false']).default('false'),
  /** First and last day received (inclusive), in Europe/Berlin. */
  From: calendarDay.optional(),
  To: calendarDay.optional(),
});

const fromNotAfterTo = (q: { From?: string | undefined; To?: string | undefined }) => !q.From || !q.To || q.From <= q.To;
const fromAfterTo = { message: 'must not be before From', path: ['To'] };

export const inquiryListQuerySchema = inquiryFilterSchema
  .extend({
    PageLength: z.coerce.number().int().min(1).max(100).default(20),
    PageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  })
  .refine(fromNotAfterTo, fromAfterTo);
export type InquiryListQuery = z.input<typeof inquiryListQuerySchema>;

export const csvSeparators = [';', ','] as const;

/** The CSV export: the list's filters, the staff's language, and the separator (`;` for German spreadsheets). */
export const inquiryExportQuerySchema = inquiryFilterSchema
  .extend({
    lang: z.enum(['de', 'en']).default('de'),
    separator: z.enum(csvSeparators).default(';'),
  })
  .refine(fromNotAfterTo, fromAfterTo);
export type InquiryExportQuery = z.input<typeof inquiryExportQuerySchema>;

/** The list's filter as the server works with it. */
export type InquiryFilter = z.output<typeof inquiryFilterSchema>;

export const inquiryIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const inquiryAttachmentParamSchema = inquiryIdParamSchema.extend({
  attachmentId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const inquiryHandledSchema = z.strictObject({ handled: z.boolean().default(true) });

/**
 * `PUT /api/v1/Inquiry/{id}`: what staff change of an inquiry, each optional. Fields it does not
 * know (a client sending back what it read) are ignored.
 */
export const inquiryUpdateSchema = z.object({
  status: inquiryStatusSchema.optional(),
  /** A colleague who may see the inquiry's type; null: nobody. */
  assigneeId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  followUpOn: calendarDay.nullable().optional(),
});
export type InquiryUpdate = z.infer<typeof inquiryUpdateSchema>;

/** `POST /api/v1/Inquiry/{id}/Note`: an internal note, never part of any mail. */
export const inquiryNoteSchema = z.strictObject({ text: z.string().trim().min(1).max(5000) });

/** `GET /api/v1/Inquiry/{id}/Assignees`: the colleagues who may be given this inquiry. */
export const inquiryAssigneesSchema = z.array(inquiryAssigneeSchema);

/** Retention in days; null keeps them (decision 050 for applications). */
const retentionDays = z.number().int().min(1).max(3650).nullable();
export const retentionSettingsSchema = z.strictObject({
  /** Days after arrival: applications not closed and without consent. */
  application: retentionDays,
  /** Days after arrival. */
  priceInquiry: retentionDays,
  generalMessage: retentionDays,
  /** Days after closing: applications without the applicant's consent to be kept (default 183). */
  applicationAfterClosing: retentionDays,
  /** Days after closing: applications whose applicant agreed to be kept for later openings (default 730). */
  applicationWithConsent: retentionDays,
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/**
 * `PUT /api/v1/Inquiry/Retention`: what the GET answered; the two application periods may be left
 * out (a client of a release before them), and then keep their stored values.
 */
export const retentionUpdateSchema = retentionSettingsSchema.partial({
  applicationAfterClosing: true,
  applicationWithConsent: true,
});
export type RetentionUpdate = z.infer<typeof retentionUpdateSchema>;
