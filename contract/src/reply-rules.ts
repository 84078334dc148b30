// What the dashboard's reply form needs besides the schemas (issue 42): the placeholders, the
// limits, the multipart field names and the filling of a template. Without zod, so that the inquiry
// dialog, which loads when the browser is idle after the inbox, builds no schemas (issue 46).

/** The placeholders a template may use, each filled from the inquiry or the company details. */
export const replyPlaceholders = ['firstName', 'lastName', 'reference', 'companyName', 'companyPhone', 'companyEmail'] as const;
export type ReplyPlaceholder = (typeof replyPlaceholders)[number];

/** The longest subject and text of a reply or a template. */
export const replyLimits = { subject: 200, body: 20_000, name: 100, templates: 50 } as const;

/** The multipart field names of a reply. */
export const inquiryReplyFields = { subject: 'subject', body: 'body', key: 'key', attachment: 'attachment' } as const;

/** A template's subject and text, as far as filling it reads them. */
type ReplyTemplateText = { subject: string; body: string };

/** What fills the placeholders: the inquiry's sender and reference, the company's details. */
export type ReplyPlaceholderValues = Record<ReplyPlaceholder, string>;

/**
 * A template's subject and text with `{{placeholder}}` replaced (spaces inside the braces
 * allowed); an unknown name is left as written, for staff to see and mend.
 */
export function fillReplyTemplate(
  template: ReplyTemplateText,
  values: ReplyPlaceholderValues,
): { subject: string; body: string } {
  const fill = (text: string) =>
    text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) =>
      (replyPlaceholders as readonly string[]).includes(name) ? values[name as ReplyPlaceholder] : whole,
    );
  // A subject is one line whatever a value holds.
  return { subject: fill(template.subject).replace(/\s*[\r\n]+\s*/g, ' '), body: fill(template.body) };
}
