import { z } from 'zod';
import { inquirySubjects, regardsOptions } from './contact-rules';

/**
 * 201 of POST /api/v1/Contact: the stored inquiry's id, the reference number the visitor is told,
 * and whether a confirmation mail goes to them (CONFIRMATION_MAIL), which the form then says.
 */
export const contactCreatedSchema = z.object({ id: z.number().int(), reference: z.string(), confirmationMail: z.boolean() });
export type ContactCreated = z.infer<typeof contactCreatedSchema>;

export const inquirySubjectSchema = z.enum(inquirySubjects);
export const regardSchema = z.enum(regardsOptions);

/** How far the mail to the company has got. `logged`: no SMTP_URL was set, the mail went to the log. */
export const deliveryStatuses = ['pending', 'delivered', 'failed', 'logged', 'skipped'] as const;
export const deliveryStatusSchema = z.enum(deliveryStatuses);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const inquiryStatusSchema = z.enum(['new', 'handled']);

/** One row of the inbox list. */
export const inquirySummarySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  createdAt: z.string(),
  subject: inquirySubjectSchema,
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  email: z.string(),
  status: inquiryStatusSchema,
  deliveryStatus: deliveryStatusSchema,
  spam: z.boolean(),
  attachmentCount: z.number().int(),
  /** The job an application is for: its id and its title when the application arrived (the job may be gone since). */
  job: z.object({ id: z.number().int().nullable(), title: z.string().nullable() }).nullable(),
});
export type InquirySummary = z.infer<typeof inquirySummarySchema>;

export const inquiryAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Staff-only download (Content-Disposition: attachment). */
  url: z.string(),
});
export type InquiryAttachment = z.infer<typeof inquiryAttachmentSchema>;

export const mailDeliverySchema = z.object({
  kind: z.enum(['inquiry', 'confirmation']),
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
});
export type InquiryDetail = z.infer<typeof inquiryDetailSchema>;

export const inquiryListSchema = z.object({ data: z.array(inquirySummarySchema), count: z.number().int() });
export type InquiryList = z.infer<typeof inquiryListSchema>;

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
  Handled: z.enum(['true', 'false']).optional(),
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

/** Retention in days per inquiry type; null keeps them. */
const retentionDays = z.number().int().min(1).max(3650).nullable();
export const retentionSettingsSchema = z.strictObject({
  application: retentionDays,
  priceInquiry: retentionDays,
  generalMessage: retentionDays,
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
