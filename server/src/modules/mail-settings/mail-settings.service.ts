import crypto from 'node:crypto';
import {
  type InquirySubject,
  type MailSettings,
  type MailTestResult,
  inquirySubjects,
  mailSettingsSchema,
} from '@blitz/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { recordChange } from '../audit/audit.recorder';
import { mailSettingsEntry } from './mail-settings-audit';
import { type MailTransport, domainOf } from '../../mail/mail-transport';
import { getCompanyDetails } from '../company/company-details.service';
import { bumpContentVersion } from '../content/content-version.repository';
import {
  readMailConfirmationRow,
  readMailSettingsRow,
  writeMailConfirmationRow,
  writeMailSettingsRow,
} from './mail-settings.repository';

export type MailSettingsConfig = Pick<Config, 'contactToBySubject' | 'mailFrom'>;

/**
 * Where inquiries go and who sends them, as staff last saved them (dashboard). Until the first
 * save: what the operator set (CONTACT_TO*, MAIL_FROM), else the saved company e-mail — read
 * anew each time, so that a new site follows the company form until its mail is confirmed.
 */
export async function getMailSettings(db: Db, config: MailSettingsConfig): Promise<MailSettings> {
  const parsed = mailSettingsSchema.safeParse(await readMailSettingsRow(db));
  if (parsed.success) return parsed.data;
  const { settings: company } = await getCompanyDetails(db);
  const recipients = Object.fromEntries(
    inquirySubjects.map((subject) => [subject, [config.contactToBySubject[subject] ?? company.email]]),
  ) as Record<InquirySubject, string[]>;
  return { recipients, sender: config.mailFrom ?? company.email, replyTo: company.email };
}

export async function saveMailSettings(db: Db, settings: MailSettings): Promise<MailSettings> {
  await inTransaction(db, async (trx) => {
    const before = mailSettingsSchema.safeParse(await readMailSettingsRow(trx));
    await writeMailSettingsRow(trx, settings);
    // The jobs page names the applications' recipient: it is made anew.
    await bumpContentVersion(trx);
    await recordChange(trx, mailSettingsEntry(before.success ? before.data : undefined, settings));
  });
  return settings;
}

/**
 * The From address of every mail. A mail server sends only for the domains it is set up for;
 * the operator's MAIL_FROM names that domain. A sender of another domain would be refused or
 * land in spam, so then the operator's address sends, and answers go to Reply-To (the company's
 * address). Without MAIL_FROM the operator set no bound, and the saved sender is used.
 */
export function senderAddress(settings: MailSettings, mailFrom: string | undefined): string {
  return !mailFrom || domainOf(settings.sender) === domainOf(mailFrom) ? settings.sender : mailFrom;
}

export type MailTestDeps = {
  db: Db;
  config: MailSettingsConfig;
  transport: MailTransport;
  /** The site's own domain (the host of the public address in effect): the right-hand side of the Message-IDs. */
  domain: string;
};

/**
 * One short mail to every distinct recipient of the saved settings, each sent on its own, so
 * that staff see per address whether the mail server took it (or its answer). Without SMTP_URL
 * nothing leaves the server, and every address says so.
 */
export async function sendTestMails(deps: MailTestDeps): Promise<MailTestResult> {
  const settings = await getMailSettings(deps.db, deps.config);
  const { settings: company } = await getCompanyDetails(deps.db);
  const { domain } = deps;
  const addresses = [
    ...new Map(inquirySubjects.flatMap((s) => settings.recipients[s]).map((a) => [a.toLowerCase(), a])).values(),
  ];
  const results: MailTestResult = [];
  for (const address of addresses) {
    if (deps.transport.mode === 'log') {
      results.push({
        address,
        accepted: false,
        error: 'No mail server is set up (SMTP_URL): nothing was sent.',
        reason: 'noMailServer',
      });
      continue;
    }
    const types = inquirySubjects.filter((s) => settings.recipients[s].some((a) => a.toLowerCase() === address.toLowerCase()));
    try {
      await deps.transport.send({
        from: { name: `${company.name} Website`, address: senderAddress(settings, deps.config.mailFrom) },
        replyTo: settings.replyTo,
        to: address,
        subject: `Testmail der Website ${company.name} / Test mail of the ${company.name} website`,
        text: [
          `Diese Adresse erhält Anfragen der Website (${types.map((t) => testSubjectNames[t].de).join(', ')}). Die Testmail ist angekommen.`,
          '',
          `This address receives inquiries of the website (${types.map((t) => testSubjectNames[t].en).join(', ')}). The test mail has arrived.`,
        ].join('\n'),
        messageId: `<test-${crypto.randomUUID()}@${domain}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      results.push({ address, accepted: true, error: null, reason: null });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      results.push({ address, accepted: false, error: message, reason: 'mailServer' });
    }
  }
  // Every recipient took it: these recipients are confirmed (until they change).
  if (results.length > 0 && results.every((r) => r.accepted)) {
    await writeMailConfirmationRow(deps.db, { recipients: recipientsFingerprint(settings), at: new Date().toISOString() });
  }
  return results;
}

/** The recipients per type as one comparable string: order within a type and case do not count. */
function recipientsFingerprint(settings: MailSettings): string {
  return JSON.stringify(inquirySubjects.map((s) => settings.recipients[s].map((a) => a.toLowerCase()).sort()));
}

/**
 * When a test mail last reached every one of the current recipients (null: never, or the
 * recipients changed since): the go-live checklist's mail item.
 */
export async function recipientsConfirmedAt(db: Db, config: MailSettingsConfig): Promise<string | null> {
  const row = await readMailConfirmationRow(db);
  if (!row) return null;
  const settings = await getMailSettings(db, config);
  return row.recipients === recipientsFingerprint(settings) ? row.at : null;
}

const testSubjectNames: Record<InquirySubject, { de: string; en: string }> = {
  generalMessage: { de: 'Allgemeine Nachricht', en: 'general message' },
  priceInquiry: { de: 'Preisanfrage', en: 'price inquiry' },
  application: { de: 'Bewerbung', en: 'application' },
};
