import { z } from 'zod';
import { isOneLine } from './contact-rules';
import { oneLineMessage } from './one-line';
import { ignoredReadFields } from './read-only-fields';

// The automatic mails' words, edited by staff (issue 44, decision 056): the visitor's
// confirmation and the notification to the company, per inquiry type and language.

export const mailTemplateKinds = ['confirmation', 'notification'] as const;
export type MailTemplateKind = (typeof mailTemplateKinds)[number];

export const mailTemplateLanguages = ['de', 'en'] as const;
export type MailTemplateLanguage = (typeof mailTemplateLanguages)[number];

export const mailTemplateLimits = { subject: 200, body: 10_000 } as const;

/**
 * The placeholders, `{name}` in a subject or body. Blocks stand on a line of their own (a list,
 * a table in the HTML part) and never in a subject. The confirmation's `{attachments}` names only
 * each file's kind and size; the notification's names the files.
 */
const sharedPlaceholders = [
  'reference',
  'type',
  'typeAndJob',
  'jobTitle',
  'regards',
  'companyName',
  'companyLegalName',
  'companyAddress',
  'companyPhone',
  'companyEmail',
] as const;

export const mailPlaceholders = {
  confirmation: [...sharedPlaceholders, 'fieldsSent', 'attachments'],
  notification: [...sharedPlaceholders, 'visitorName', 'visitorAndCompany', 'fields', 'message', 'attachments'],
} as const satisfies Record<MailTemplateKind, readonly string[]>;
export type MailPlaceholder = (typeof mailPlaceholders)[MailTemplateKind][number];

/** Placeholders that stand for several lines. */
export const blockPlaceholders: readonly string[] = ['fields', 'fieldsSent', 'message', 'attachments'];

/**
 * What the visitor typed. The confirmation never repeats it (only which fields were sent), so
 * that the form cannot send a stranger words of the sender's choosing: refused there.
 */
export const visitorTypedPlaceholders: readonly string[] = ['visitorName', 'visitorAndCompany', 'fields', 'message'];

/**
 * The pieces of a template: text, and placeholders by name. A literal brace is written doubled
 * (`{{`, `}}`); a brace that opens no `{…}` on its line stands as it is.
 */
export type TemplatePiece = { text: string } | { placeholder: string };

const token = /\{\{|\}\}|\{([^{}\n]*)\}/g;

export function templatePieces(template: string): TemplatePiece[] {
  const pieces: TemplatePiece[] = [];
  let at = 0;
  for (const match of template.matchAll(token)) {
    if (match.index > at) pieces.push({ text: template.slice(at, match.index) });
    if (match[0] === '{{') pieces.push({ text: '{' });
    else if (match[0] === '}}') pieces.push({ text: '}' });
    else pieces.push({ placeholder: match[1]! });
    at = match.index + match[0].length;
  }
  if (at < template.length) pieces.push({ text: template.slice(at) });
  return pieces;
}

export type PlaceholderProblem = {
  field: 'subject' | 'body';
  /** As written, with its braces: `{visitorNam}`. */
  placeholder: string;
  /** `unknown`: no such placeholder; `visitorTyped`: what the visitor typed, in the confirmation; `block`: a block in the subject. */
  reason: 'unknown' | 'visitorTyped' | 'block';
};

/**
 * Every placeholder of a template that cannot be used where it stands, each once, in the order
 * written. The dashboard flags them before saving; the server refuses them (and never trusts the
 * dashboard to have checked).
 */
export function placeholderProblems(template: { kind: MailTemplateKind; subject: string; body: string }): PlaceholderProblem[] {
  const known: readonly string[] = mailPlaceholders[template.kind];
  const problems: PlaceholderProblem[] = [];
  for (const field of ['subject', 'body'] as const) {
    for (const piece of templatePieces(template[field])) {
      if (!('placeholder' in piece)) continue;
      const name = piece.placeholder;
      const reason = known.includes(name)
        ? field === 'subject' && blockPlaceholders.includes(name)
          ? 'block'
          : undefined
        : template.kind === 'confirmation' && visitorTypedPlaceholders.includes(name)
          ? 'visitorTyped'
          : 'unknown';
      const placeholder = `{${name}}`;
      if (reason && !problems.some((p) => p.field === field && p.placeholder === placeholder))
        problems.push({ field, placeholder, reason });
    }
  }
  return problems;
}

/** The unknown placeholders of a text, as written (`{visitorNam}`): the short form of the check. */
export function unknownPlaceholders(text: string, kind: MailTemplateKind): string[] {
  return placeholderProblems({ kind, subject: '', body: text }).map((p) => p.placeholder);
}

/** A problem in English words, for the API's answer (the dashboard has its own words). */
export function placeholderProblemMessage(problem: PlaceholderProblem, kind: MailTemplateKind): string {
  if (problem.reason === 'visitorTyped')
    return `${problem.placeholder} is not allowed in the confirmation: it never repeats what the visitor typed (only which fields were sent)`;
  if (problem.reason === 'block')
    return `${problem.placeholder} stands for several lines: it belongs in the text, not the subject`;
  return `unknown placeholder ${problem.placeholder}; this mail can use ${mailPlaceholders[kind].map((n) => `{${n}}`).join(', ')}`;
}

/** Which mail: an inquiry type's key (today one of `inquirySubjects`; the server checks), its kind and language. */
const templateKey = {
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'must be an inquiry type'),
  kind: z.enum(mailTemplateKinds),
  language: z.enum(mailTemplateLanguages),
};

const words = {
  subject: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(mailTemplateLimits.subject, `at most ${mailTemplateLimits.subject} characters`)
    .refine(isOneLine, oneLineMessage),
  // Line ends as the mail writes them; the text is kept as typed otherwise (its blank lines count).
  body: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .max(mailTemplateLimits.body, `at most ${mailTemplateLimits.body} characters`)
        .refine((text) => text.trim() !== '', 'must not be empty'),
    ),
};

/** One template as `GET /api/v1/MailTemplate` answers it: the words in use and the shipped ones. */
export const mailTemplateSchema = z.object({
  ...templateKey,
  subject: z.string(),
  body: z.string(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  /** Whether these are the shipped words (nothing saved for this template). */
  isDefault: z.boolean(),
  /** When staff last saved it (null: never); a save that sends it back is refused if it changed since (decision 036). */
  updatedAt: z.string().nullable(),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

export const mailTemplateListSchema = z.object({ data: z.array(mailTemplateSchema) });

const writeShape = { ...templateKey, ...words };

/** Placeholder problems as issues of the fields they are in. */
function checkPlaceholders(value: { kind: MailTemplateKind; subject: string; body: string }, ctx: z.RefinementCtx) {
  // A wrong kind or a missing text is refused by the fields' own checks.
  if (!(value.kind in mailPlaceholders) || typeof value.subject !== 'string' || typeof value.body !== 'string') return;
  for (const problem of placeholderProblems(value))
    ctx.addIssue({ code: 'custom', path: [problem.field], message: placeholderProblemMessage(problem, value.kind) });
}

/**
 * `PUT /api/v1/MailTemplate`: one template's words. Takes back exactly what GET answered (the
 * shipped words and the like are ignored); `updatedAt` left out saves without the stale check.
 * Saving the shipped words goes back to them (the template follows later releases' words again).
 */
export const mailTemplateSaveSchema = z
  .strictObject({
    ...ignoredReadFields(mailTemplateSchema.shape, { ...writeShape, updatedAt: z.string() }),
    ...writeShape,
    updatedAt: z.string().nullable().optional(),
  })
  .superRefine(checkPlaceholders);
export type MailTemplateSave = z.input<typeof mailTemplateSaveSchema>;

/** `POST /api/v1/MailTemplate/Preview` and `/Test`: a template's words, not saved, with the same checks. */
export const mailTemplatePreviewSchema = z
  .strictObject({ ...ignoredReadFields(mailTemplateSchema.shape, writeShape), ...writeShape })
  .superRefine(checkPlaceholders);
export type MailTemplatePreviewRequest = z.input<typeof mailTemplatePreviewSchema>;

/** The rendered sample: the notification has an HTML part, the confirmation is plain text. */
export const mailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string().nullable() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;

/** `POST /api/v1/MailTemplate/Test`: whether the mail server took the sample, as the mail settings' test says it. */
export const mailTemplateTestResultSchema = z.object({
  address: z.string(),
  accepted: z.boolean(),
  error: z.string().nullable(),
  reason: z.enum(['noMailServer', 'mailServer']).nullable(),
});
export type MailTemplateTestResult = z.infer<typeof mailTemplateTestResultSchema>;
