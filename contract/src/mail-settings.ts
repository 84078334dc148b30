import { z } from 'zod';
import { type InquirySubject, inquirySubjects } from './contact-rules';

// Where inquiries are mailed and who sends them (issue 29): staff see and change it in the dashboard.

export const mailSettingsLimits = { maxRecipients: 10 } as const;

const address = z.string().trim().max(254).pipe(z.email('must be an e-mail address'));

const recipientList = z
  .array(address)
  .min(1, 'needs at least one recipient')
  .max(mailSettingsLimits.maxRecipients, `at most ${mailSettingsLimits.maxRecipients} recipients`)
  .refine((list) => new Set(list.map((a) => a.toLowerCase())).size === list.length, 'names an address twice');

export const mailRecipientsSchema = z.strictObject(
  Object.fromEntries(inquirySubjects.map((subject) => [subject, recipientList])) as Record<InquirySubject, typeof recipientList>,
);

/**
 * `GET`/`PUT /api/v1/Settings/Mail`: the recipients of the mail to the company per inquiry type;
 * the sender of every mail (used where the mail server may send for its domain, see
 * `senderAddress` on the server); the address a visitor's answer to the confirmation goes to;
 * the language of the mail to the company (issue 44). `notificationLanguage` absent is German:
 * settings saved before it existed, and clients that send back what they read then, keep working.
 */
export const mailSettingsSchema = z.strictObject({
  recipients: mailRecipientsSchema,
  sender: address,
  replyTo: address,
  notificationLanguage: z.enum(['de', 'en']).optional(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

/** The language the mail to the company is written in: German unless staff chose English. */
export const notificationLanguageOf = (settings: Pick<MailSettings, 'notificationLanguage'>): 'de' | 'en' =>
  settings.notificationLanguage ?? 'de';

/**
 * `POST /api/v1/Settings/Mail/Test`: one entry per distinct recipient, whether the mail server took
 * the mail. `reason` says why not in words the dashboard translates (`noMailServer`), or that
 * `error` is the mail server's own answer (`mailServer`), shown as it came.
 */
export const mailTestResultSchema = z.array(
  z.object({
    address: z.string(),
    accepted: z.boolean(),
    error: z.string().nullable(),
    reason: z.enum(['noMailServer', 'mailServer']).nullable(),
  }),
);
export type MailTestResult = z.infer<typeof mailTestResultSchema>;
