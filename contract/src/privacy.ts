import { z } from 'zod';
import { deliveryStatusSchema, inquiryStatusSchema, inquirySubjectSchema } from './contact';

/**
 * Data-subject requests (issue 42, decision 049): what the site stores about one e-mail address,
 * exported in one archive (GDPR Art. 15) or erased (Art. 17). Admins only.
 */

export const personLimits = { emailMaxLength: 320, reasonMaxLength: 500 } as const;

/** An address as staff type or paste it: spaces around it go; the case is ignored by the look-up. */
const personEmail = z
  .string()
  .trim()
  .min(1)
  .max(personLimits.emailMaxLength)
  // eslint-disable-next-line no-control-regex -- a control character is no part of an address
  .regex(/^[^\s@\u0000-\u001f\u007f-\u009f]+@[^\s@\u0000-\u001f\u007f-\u009f]+$/, 'must be an e-mail address');

/** GET `?Email=`: what is stored about that address. */
export const personQuerySchema = z.strictObject({ Email: personEmail });
export type PersonQuery = z.infer<typeof personQuerySchema>;

/** POST `/Person/Export` `{email}`. */
export const personExportSchema = z.strictObject({ email: personEmail });
export type PersonExportRequest = z.infer<typeof personExportSchema>;

/** POST `/Person/Erase` `{email, reason}`: the reason is the staff's, kept in the audit trail (never the person's data). */
export const personEraseSchema = z.strictObject({
  email: personEmail,
  reason: z.string().trim().min(1).max(personLimits.reasonMaxLength),
});
export type PersonEraseRequest = z.infer<typeof personEraseSchema>;

export const personInquirySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  createdAt: z.string(),
  subject: inquirySubjectSchema,
  /** A type staff added: its names (issue 44); null: one of SPEC.md's three. */
  typeNames: z.object({ de: z.string(), en: z.string() }).nullable(),
  status: inquiryStatusSchema,
  deliveryStatus: deliveryStatusSchema,
  spam: z.boolean(),
  language: z.enum(['de', 'en']),
  attachments: z.array(z.object({ fileName: z.string(), size: z.number().int() })),
  mails: z.array(z.object({ kind: z.string(), status: z.string() })),
  noteCount: z.number().int(),
});
export type PersonInquiry = z.infer<typeof personInquirySchema>;

/** What is stored about one address: its inquiries, newest first, and the totals. */
export const personLookupSchema = z.object({
  email: z.string(),
  inquiries: z.array(personInquirySchema),
  totals: z.object({
    inquiries: z.number().int(),
    attachments: z.number().int(),
    attachmentBytes: z.number().int(),
    mails: z.number().int(),
    notes: z.number().int(),
  }),
});
export type PersonLookup = z.infer<typeof personLookupSchema>;

/** What an erasure removed. */
export const personErasureSchema = z.object({
  inquiries: z.number().int(),
  files: z.number().int(),
  mails: z.number().int(),
  notes: z.number().int(),
});
export type PersonErasure = z.infer<typeof personErasureSchema>;
