import {
  type InquirySubject,
  type MailSettings,
  inquirySubjects,
  mailSettingsSchema,
  notificationLanguageOf,
} from '@blitz/contract';

/** The form's values: each type's recipients as lines of text, one address a line. */
export type MailFormValues = {
  recipients: Record<InquirySubject, string>;
  sender: string;
  replyTo: string;
  notificationLanguage: 'de' | 'en';
};
export type MailFormField = `recipients.${InquirySubject}` | 'sender' | 'replyTo';

export function mailFormValues(settings: MailSettings): MailFormValues {
  const recipients = Object.fromEntries(inquirySubjects.map((s) => [s, settings.recipients[s].join('\n')]));
  return {
    recipients: recipients as MailFormValues['recipients'],
    sender: settings.sender,
    replyTo: settings.replyTo,
    notificationLanguage: notificationLanguageOf(settings),
  };
}

/**
 * The values checked with the contract's own schema, so that the form and the server cannot
 * disagree: the settings to save, or per field the first problem (a locale key of `admin`).
 */
export function checkMailForm(
  values: MailFormValues,
): { ok: true; settings: MailSettings } | { ok: false; errors: Partial<Record<MailFormField, string>> } {
  const lines = (text: string) =>
    text
      .split(/[\n,;]/)
      .map((line) => line.trim())
      .filter(Boolean);
  const recipients = Object.fromEntries(inquirySubjects.map((s) => [s, lines(values.recipients[s])]));
  const parsed = mailSettingsSchema.safeParse({
    recipients,
    sender: values.sender,
    replyTo: values.replyTo,
    notificationLanguage: values.notificationLanguage,
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Partial<Record<MailFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = (
      issue.path[0] === 'recipients' ? `recipients.${String(issue.path[1])}` : String(issue.path[0])
    ) as MailFormField;
    errors[field] ??=
      issue.code === 'too_small'
        ? 'mailSettings:errors.required'
        : issue.code === 'too_big' && issue.path.length === 2
          ? 'mailSettings:errors.tooMany'
          : issue.code === 'custom'
            ? 'mailSettings:errors.twice'
            : 'mailSettings:errors.address';
  }
  return { ok: false, errors };
}
