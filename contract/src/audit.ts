import { z } from 'zod';

/**
 * The audit trail (issue 31, decision 036): every change to the site's content, settings,
 * accounts and inquiries, with who made it and a readable before → after.
 */

/** The kinds of item a change is about; a neighbour's feature may add its own (the column is text). */
export const auditItemKinds = [
  'project',
  'category',
  'job',
  'siteText',
  'companyDetails',
  'mailSettings',
  'mailTemplate',
  'user',
  'inquiry',
  'trash',
  'backup',
  'redirect',
  'notFoundSettings',
  'notFoundEntry',
  'person',
  'replyTemplates',
  'wordpressImport',
  'page',
  'news',
  'file',
] as const;
export type AuditItemKind = (typeof auditItemKinds)[number];

/** The actions recorded; the filter takes any of these (and a neighbour's new ones: text up to 40 characters). */
export const auditActions = [
  'create',
  'update',
  'delete',
  'move',
  'feature',
  'unfeature',
  'saveDraft',
  'publish',
  'unpublish',
  'discardDraft',
  'restore',
  'emptyTrash',
  'passwordChange',
  'passwordReset',
  'secondFactorOn',
  'secondFactorOff',
  'secondFactorReset',
  'disable',
  'enable',
  'invite',
  'invitationResent',
  'invitationRevoked',
  'invitationAccepted',
  'roleChange',
  'accountReset',
  'signInLocked',
  'open',
  'markSpam',
  'markNotSpam',
  'resend',
  'export',
  'handled',
  'unhandled',
  'statusChange',
  'assign',
  'followUp',
  'note',
  'reply',
  'download',
  'import',
  'erase',
  /** A library file's content replaced, its address kept (decision 060). */
  'replace',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One changed field: `language` for a localised one (`de`, `en`); before/after null when not shown (long texts). */
export const auditChangeSchema = z.object({
  field: z.string(),
  language: z.string().optional(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO-8601 UTC. */
  at: z.string(),
  /** Who, by the name they had then; id null for the system or the command line. */
  user: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    /** The display name the user has now (issue 40), if any; `name` stays the sign-in name. */
    displayName: z.string().nullable().optional(),
  }),
  action: z.string(),
  /** What: its kind, id (null for a single item such as the company details) and title at the time. */
  item: z.object({ kind: z.string(), id: z.string().nullable(), title: z.string() }),
  /** Readable, in English field names: `location: "Köln" → "Bonn"; title (de): …`. */
  summary: z.string(),
  /** The same, field by field, for a client to show in its own words. */
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({ data: z.array(auditEntrySchema), count: z.number().int() });
export type AuditList = z.infer<typeof auditListSchema>;

const auditDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'must be a real calendar day',
  });

/** Filters of the list and the CSV export: person (user id or name), item (`kind` or `kind:id`), action, days in Berlin. */
export const auditFilterSchema = z.object({
  User: z.string().trim().min(1).max(100).optional(),
  Item: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,40}(:[A-Za-z0-9._:-]{1,200})?$/, 'must be a kind, or kind:id (project:12)')
    .optional(),
  Action: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,40}$/, 'must be an action name')
    .optional(),
  From: auditDay.optional(),
  To: auditDay.optional(),
});
const fromNotAfterTo = (q: { From?: string | undefined; To?: string | undefined }) => !q.From || !q.To || q.From <= q.To;
const fromAfterTo = { message: 'must not be before From', path: ['To'] };

export const auditListQuerySchema = auditFilterSchema
  .extend({
    PageLength: z.coerce.number().int().min(1).max(200).default(50),
    PageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  })
  .refine(fromNotAfterTo, fromAfterTo);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditExportQuerySchema = auditFilterSchema
  .extend({ separator: z.enum([';', ',']).default(';') })
  .refine(fromNotAfterTo, fromAfterTo);

/** The 409 of a stale save: who changed the item meanwhile and when (from the audit trail), and its version now. */
export const editConflictSchema = z.object({
  changedBy: z.object({ name: z.string(), at: z.string() }).nullable(),
  currentVersion: z.string().nullable(),
});
export type EditConflict = z.infer<typeof editConflictSchema>;
