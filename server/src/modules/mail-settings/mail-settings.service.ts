import crypto from 'node:crypto';
import {
  type InquirySubject,
  type MailSettings,
  type MailTestResult,
  company as shippedCompany,
  inquirySubjects,
  mailSettingsSchema,
} from '@blitz/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { type MailTransport, domainOf } from '../../mail/mail-transport';
import { getCompanyDetails } from '../company/company-details.service';
import { readMailSettingsRow, writeMailSettingsRow } from './mail-settings.repository';

export type MailSettingsConfig = Pick<Config, 'contactToBySubject' | 'mailFrom' | 'siteUrl'>;

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
  await writeMailSettingsRow(db, settings);
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

/**
 * The site's own domain, the right-hand side of its Message-IDs: the host of SITE_URL; where the
 * operator left SITE_URL at the shipped address, the host of the website staff saved.
 */
export async function siteMailDomain(db: Db, siteUrl: string): Promise<string> {
  const shipped = new URL(shippedCompany.website).origin;
  if (new URL(siteUrl).origin !== shipped) return new URL(siteUrl).hostname;
  const { settings } = await getCompanyDetails(db);
  try {
    return new URL(settings.website).hostname || new URL(siteUrl).hostname;
  } catch {
    return new URL(siteUrl).hostname;
  }
}

export type MailTestDeps = { db: Db; config: MailSettingsConfig; transport: MailTransport };

/**
 * One short mail to every distinct recipient of the saved settings, each sent on its own, so
 * that staff see per address whether the mail server took it (or its answer). Without SMTP_URL
 * nothing leaves the server, and every address says so.
 */
export async function sendTestMails(deps: MailTestDeps): Promise<MailTestResult> {
  const settings = await getMailSettings(deps.db, deps.config);
  const { settings: company } = await getCompanyDetails(deps.db);
  const domain = await siteMailDomain(deps.db, deps.config.siteUrl);
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
  return results;
}

const testSubjectNames: Record<InquirySubject, { de: string; en: string }> = {
  generalMessage: { de: 'Allgemeine Nachricht', en: 'general message' },
  priceInquiry: { de: 'Preisanfrage', en: 'price inquiry' },
  application: { de: 'Bewerbung', en: 'application' },
};
