import { z } from 'zod';
import { encodedWord } from './contact-rules';
import { oneLine } from './one-line';

// Replies from the dashboard (issue 42, decision 048): the templates staff start from and the
// reply they send. The server sends what staff composed; the placeholders are filled in the
// dashboard, by `fillReplyTemplate`, before staff edit the text.

/** The placeholders a template may use, each filled from the inquiry or the company details. */
export const replyPlaceholders = ['firstName', 'lastName', 'reference', 'companyName', 'companyPhone', 'companyEmail'] as const;
export type ReplyPlaceholder = (typeof replyPlaceholders)[number];

/** The longest subject and text of a reply or a template. */
export const replyLimits = { subject: 200, body: 20_000, name: 100, templates: 50 } as const;

/** A subject reaches a mail header: one line, no encoded words that a mail reader would decode. */
const replySubject = oneLine(z.string().trim().min(1).max(replyLimits.subject)).refine(
  (value) => !encodedWord.test(value),
  'must not contain encoded words (=?…?=)',
);
const replyBody = z.string().trim().min(1).max(replyLimits.body);

/** One reply template: a name staff choose it by, its language, subject and text with placeholders. */
export const replyTemplateSchema = z.strictObject({
  /** Kept when saved back; a template without one (new) is given one. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: oneLine(z.string().trim().min(1).max(replyLimits.name)),
  language: z.enum(['de', 'en']),
  subject: replySubject,
  body: replyBody,
});
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;

/** `GET /api/v1/ReplyTemplate`: every template. */
export const replyTemplatesSchema = z.array(replyTemplateSchema);

/** `PUT /api/v1/ReplyTemplate` (admins): the whole list; a new template may leave out its id. */
export const replyTemplatesInputSchema = z
  .array(replyTemplateSchema.extend({ id: replyTemplateSchema.shape.id.optional() }))
  .max(replyLimits.templates);
export type ReplyTemplatesInput = z.infer<typeof replyTemplatesInputSchema>;

/**
 * `POST /api/v1/Inquiry/{id}/Reply` as JSON (multipart sends the same fields and files named
 * `attachment`). `key`, made by the client once per reply (also the `Idempotency-Key` header):
 * the same key again answers the reply already queued and sends nothing more.
 */
export const inquiryReplySchema = z.strictObject({
  subject: replySubject,
  body: replyBody,
  key: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/)
    .optional(),
});
export type InquiryReplyInput = z.infer<typeof inquiryReplySchema>;

/** The multipart field names of a reply. */
export const inquiryReplyFields = { subject: 'subject', body: 'body', key: 'key', attachment: 'attachment' } as const;

/** 201 of `POST /api/v1/Inquiry/{id}/Reply`: the queued reply and its mail's delivery state. */
export const inquiryReplyCreatedSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  by: z.string(),
  createdAt: z.string(),
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() })),
  status: z.enum(['pending', 'sent', 'failed', 'logged']),
});
export type InquiryReplyCreated = z.infer<typeof inquiryReplyCreatedSchema>;

/** What fills the placeholders: the inquiry's sender and reference, the company's details. */
export type ReplyPlaceholderValues = Record<ReplyPlaceholder, string>;

/**
 * A template's subject and text with `{{placeholder}}` replaced (spaces inside the braces
 * allowed); an unknown name is left as written, for staff to see and mend.
 */
export function fillReplyTemplate(
  template: Pick<ReplyTemplate, 'subject' | 'body'>,
  values: ReplyPlaceholderValues,
): { subject: string; body: string } {
  const fill = (text: string) =>
    text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) =>
      (replyPlaceholders as readonly string[]).includes(name) ? values[name as ReplyPlaceholder] : whole,
    );
  // A subject is one line whatever a value holds.
  return { subject: fill(template.subject).replace(/\s*[\r\n]+\s*/g, ' '), body: fill(template.body) };
}
