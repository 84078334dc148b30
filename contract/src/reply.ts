import { z } from 'zod';
import { encodedWord } from './contact-rules';
import { oneLine } from './one-line';
import { replyLimits } from './reply-rules';

export * from './reply-rules';

// Replies from the dashboard (issue 42, decision 048): the templates staff start from and the
// reply they send. The server sends what staff composed; the placeholders are filled in the
// dashboard, by `fillReplyTemplate`, before staff edit the text.

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
