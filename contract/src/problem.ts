import { z } from 'zod';
import { fileUseSchema } from './file-use';

/** RFC 9457 problem details, the body of every error answer. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** The files a refusal names (found to be malware, not an accepted type, empty), as the visitor chose them. */
  files: z.array(z.string()).optional(),
  /** The step of the contact form's check that refused an inquiry (SPEC.md §5's notices), its fields in `errors`. */
  step: z.enum(['missing', 'missingPrice', 'invalid']).optional(),
  /** A stale save (`edit_conflict`): who changed the item meanwhile, when, and its version now (decision 036). */
  changedBy: z.object({ name: z.string(), at: z.string() }).nullable().optional(),
  currentVersion: z.string().nullable().optional(),
  /** A name refused as taken (`conflict`) by an item in the trash (decision 037): restoring or purging it frees the name. */
  inTrash: z.boolean().optional(),
  /** A file of the library refused deletion (`file_in_use`): where it is used (decision 060). */
  usedOn: z.array(fileUseSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** Machine-readable error codes; the web client translates them. */
export const errorCodes = [
  'validation',
  'malformed_body',
  'unsupported_media_type',
  'malware_found',
  'payload_too_large',
  'unauthorized',
  'password_change_required',
  'second_factor_setup_required',
  'invalid_credentials',
  'second_factor_required',
  'invalid_second_factor',
  'too_many_requests',
  'not_found',
  'conflict',
  /** A fourth project featured on the home page. */
  'featured_limit',
  /** A save of a stale version: someone changed the item since it was read (decision 036). */
  'edit_conflict',
  /** The signed-in user's role may not use this route (issue 31). */
  'forbidden',
  /** The change would leave the site without an active admin. */
  'last_admin',
  /** An invitation link that is unknown, used, revoked or past its 72 hours. */
  'invitation_invalid',
  /** A redirect that would lead back to its own address (A → B → A). */
  'redirect_loop',
  /** A test mail to the signed-in user, who has no e-mail address on their account. */
  'no_mail_address',
  /** A file of the library still used by a page, a news item or a project: not deleted (decision 060). */
  'file_in_use',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
