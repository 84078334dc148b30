import { type CompanyDetails, type MailSettings, berlinDate, contentLanguageOf, notificationLanguageOf } from '@blitz/contract';
import type { Config } from '../../config';
import type { MailMessage } from '../../mail/mail-transport';
import type { OutboxHandler } from '../../mail/outbox';
import type { OutboxStatus } from '../../mail/outbox.repository';
import type { ObjectStorage, StoredObject } from '../../storage/object-storage';
import { getCompanyDetails } from '../company/company-details.service';
import { findJob } from '../jobs/jobs.repository';
import { addedTypeOf, answersOf, fieldLabelsOf } from '../inquiry-types/inquiry-types.service';
import { getMailSettings, senderAddress } from '../mail-settings/mail-settings.service';
import { defaultTemplates } from '../mail-templates/mail-template-defaults';
import {
  companyValues,
  confirmationValues,
  notificationValues,
  oneLine,
  renderMail,
  renderSubject,
} from '../mail-templates/mail-rendering';
import { type MailTemplateWords, mailTemplateWords } from '../mail-templates/mail-templates.service';
import { type Inquiry, type StoredAttachment, attachmentsOf, findInquiry, setDeliveryStatus } from './inquiries.repository';
import { type InquiryMailKind, inquiryOfMail } from './inquiry-mails.repository';

/** The subject of the mail to the company with the shipped German words. */
export function inquiryMailSubject(inquiry: Inquiry): string {
  return renderSubject(defaultTemplates.notification.de.subject, notificationValues(inquiry, [], 'de'));
}

/**
 * The mail to the company, in the language the mail settings choose (German unless changed),
 * with the words of its type's template: every field, the files attached, a text and an HTML
 * part (mail-rendering.ts keeps what the visitor typed escaped and unable to pass for a field).
 */
export function inquiryMail(
  /** `recipients`: an added type's (SPEC.md's three have theirs in the mail settings). */
  inquiry: Inquiry & { recipients?: string[] },
  attachments: (StoredAttachment & { object: StoredObject })[],
  config: Config,
  company: CompanyDetails,
  mail: MailSettings,
  words: MailTemplateWords,
): MailMessage {
  const language = notificationLanguageOf(mail);
  const values = { ...notificationValues(inquiry, attachments, language), ...companyValues(company) };
  const rendered = renderMail('notification', words({ type: inquiry.subject, kind: 'notification', language }), values);
  return {
    from: { name: `${company.name} Website`, address: senderAddress(mail, config.mailFrom) },
    to: mail.recipients[inquiry.subject as keyof MailSettings['recipients']] ?? inquiry.recipients ?? [company.email],
    replyTo: { name: oneLine(`${inquiry.firstName} ${inquiry.lastName}`), address: inquiry.email },
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html ?? undefined,
    // Streamed from storage into the message as it is sent, never read whole into memory.
    attachments: attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.object.stream })),
    headers: { 'X-Inquiry-Reference': inquiry.reference },
  };
}

/**
 * The confirmation to the visitor, in their language, with the words of its type's template:
 * the reference number and a list of what they sent. It never repeats anything they typed (not
 * even their name or file names; the templates cannot ask for it), so the form cannot be used to
 * send someone else a message of the sender's choosing.
 */
export function confirmationMail(
  inquiry: Inquiry,
  attachments: StoredAttachment[],
  config: Config,
  company: CompanyDetails,
  mail: MailSettings,
  words: MailTemplateWords,
  /** The job's title in the visitor's language where the job still shows one; else the kept (German) title. */
  jobTitle?: string,
): MailMessage {
  const values = { ...confirmationValues(inquiry, attachments, jobTitle ?? null), ...companyValues(company) };
  const template = words({ type: inquiry.subject, kind: 'confirmation', language: inquiry.language });
  const rendered = renderMail('confirmation', template, values);
  return {
    from: { name: company.name, address: senderAddress(mail, config.mailFrom) },
    // An answer to the confirmation reaches the company, whoever the mail server sends as.
    replyTo: { name: company.name, address: mail.replyTo },
    to: inquiry.email,
    subject: rendered.subject,
    text: rendered.text,
    headers: { 'X-Inquiry-Reference': inquiry.reference, 'Auto-Submitted': 'auto-replied' },
  };
}

const deliveryOf: Record<OutboxStatus, Inquiry['deliveryStatus']> = {
  pending: 'pending',
  sent: 'delivered',
  logged: 'logged',
  failed: 'failed',
};

/** What the outbox sends for an inquiry, and how it reports back to the inquiry's delivery status. */
export function inquiryOutboxHandlers(store: ObjectStorage, config: Config): Record<InquiryMailKind, OutboxHandler> {
  /** The inquiry a mail is about, found by the mail's outbox id (`inquiry_mails`), with what its mails show. */
  const load = async (db: Parameters<OutboxHandler['render']>[0], outboxId: number) => {
    const inquiryId = await inquiryOfMail(db, outboxId);
    const inquiry = inquiryId === undefined ? undefined : await findInquiry(db, inquiryId);
    // Caught spam is never mailed, whatever is queued.
    if (!inquiry || inquiry.spam) return undefined;
    // The company details as staff last saved them (dashboard), not as the release shipped them.
    const { settings: company } = await getCompanyDetails(db);
    // Recipients, sender and the mails' words as staff last saved them, read when the mail is rendered.
    const mail = await getMailSettings(db, config);
    const words = await mailTemplateWords(db);
    // Its fields named as its sender read them (issue 44).
    const fieldLabels = await fieldLabelsOf(db, inquiry);
    const answered = await answersOf(db, inquiry);
    // A type staff added names itself and has its own recipients ([] : the company's address).
    const added = await addedTypeOf(db, inquiry.subject);
    const recipients = added?.recipients?.length ? added.recipients : [company.email];
    return {
      inquiry: { ...inquiry, fieldLabels, answered, typeNames: added?.names, recipients },
      attachments: await attachmentsOf(db, inquiry.id),
      company,
      mail,
      words,
    };
  };
  return {
    inquiry: {
      async render(db, entry) {
        const found = await load(db, entry.id);
        if (!found) return undefined;
        // Opened now, closed by the outbox once the try is over (sent or not).
        const opened: (StoredAttachment & { object: StoredObject })[] = [];
        try {
          for (const a of found.attachments) {
            const object = await store.open(a.storageKey);
            if (!object) throw new Error(`attachment ${a.storageKey} of inquiry ${found.inquiry.reference} is not in storage`);
            opened.push({ ...a, object });
          }
        } catch (error) {
          for (const a of opened) a.object.stream.destroy();
          throw error;
        }
        return inquiryMail(found.inquiry, opened, config, found.company, found.mail, found.words);
      },
      async settled(db, entry, status) {
        // In the transaction that records the attempt (outbox.ts): the inquiry never shows another state than its mail.
        const inquiryId = await inquiryOfMail(db, entry.id);
        if (inquiryId !== undefined) await setDeliveryStatus(db, inquiryId, deliveryOf[status]);
      },
    },
    confirmation: {
      async render(db, entry) {
        const found = await load(db, entry.id);
        if (!found) return undefined;
        const jobTitle = await visitorJobTitle(db, found.inquiry);
        return confirmationMail(found.inquiry, found.attachments, config, found.company, found.mail, found.words, jobTitle);
      },
    },
  };
}

/**
 * The applied-for job's title in the visitor's language, as visitors see the job now (a draft's or
 * lapsed opening's title is never told); undefined where there is none, and the kept title is used.
 */
async function visitorJobTitle(db: Parameters<OutboxHandler['render']>[0], inquiry: Inquiry): Promise<string | undefined> {
  if (inquiry.subject !== 'application' || inquiry.jobId === null || inquiry.language === 'de') return undefined;
  const job = await findJob(db, inquiry.jobId, { kind: 'visitor', today: berlinDate() });
  return job?.texts.title.find((t) => t.language === contentLanguageOf(inquiry.language))?.content || undefined;
}
