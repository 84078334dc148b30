import {
  type CompanyDetails,
  type InquirySubject,
  type MailSettings,
  type Regard,
  attachmentTypes,
  berlinDate,
  contentLanguageOf,
  formatFileSize,
  escapeHtml,
} from '@blitz/contract';
import type { Config } from '../../config';
import type { MailMessage } from '../../mail/mail-transport';
import type { OutboxHandler } from '../../mail/outbox';
import type { OutboxStatus } from '../../mail/outbox.repository';
import type { ObjectStorage, StoredObject } from '../../storage/object-storage';
import { getCompanyDetails } from '../company/company-details.service';
import { findJob } from '../jobs/jobs.repository';
import { getMailSettings, senderAddress } from '../mail-settings/mail-settings.service';
import { type Inquiry, type StoredAttachment, attachmentsOf, findInquiry, setDeliveryStatus } from './inquiries.repository';
import { type InquiryMailKind, inquiryOfMail } from './inquiry-mails.repository';

// Mail texts are not UI texts of the web app: the mail to the company is always German, the
// confirmation is in the visitor's language. They live here, beside the code that builds them.

const subjectNames: Record<'de' | 'en', Record<InquirySubject, string>> = {
  de: { priceInquiry: 'Preisanfrage', generalMessage: 'Allgemeine Nachricht', application: 'Bewerbung' },
  en: { priceInquiry: 'Price inquiry', generalMessage: 'General message', application: 'Application' },
};

/** What the price inquiry concerns, in words: for the mails and the data-subject summary. */
export const regardNames: Record<'de' | 'en', Record<Regard, string>> = {
  de: {
    lps: 'Blitzschutzanlage',
    earthing: 'Erdungsanlage',
    equipotential: 'Potentialausgleich',
    maintenance: 'Wartung und Prüfung',
    planning: 'Planung',
  },
  en: {
    lps: 'Lightning protection system',
    earthing: 'Earthing system',
    equipotential: 'Equipotential bonding',
    maintenance: 'Maintenance and inspection',
    planning: 'Planning',
  },
};

const kindNames: Record<'de' | 'en', Record<'image' | 'pdf' | 'document', string>> = {
  de: { image: 'Bild', pdf: 'PDF-Dokument', document: 'Office-Dokument' },
  en: { image: 'Image', pdf: 'PDF document', document: 'Office document' },
};

/** Anything that could end a header line or confuse a reader goes; nodemailer encodes the rest. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function berlinTime(iso: string): string {
  return new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(
    new Date(iso),
  );
}

/**
 * "Bewerbung: Monteur (m/w/d) von …" for an application that names its job: with a colon rather
 * than "als", which read wrongly for a title such as "Ausbildung zum Elektroniker" (issue 40).
 */
function subjectName(inquiry: Inquiry): string {
  const name = subjectNames.de[inquiry.subject];
  return inquiry.subject === 'application' && inquiry.jobTitle ? `${name}: ${oneLine(inquiry.jobTitle)}` : name;
}

export function inquiryMailSubject(inquiry: Inquiry): string {
  const name = oneLine(`${inquiry.firstName} ${inquiry.lastName}`);
  const company = inquiry.companyName ? ` (${oneLine(inquiry.companyName)})` : '';
  return `${subjectName(inquiry)} von ${name}${company} [${inquiry.reference}]`;
}

/** Each line of a multi-line value indented, so that no line of it can pass for a field of its own. */
function indented(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => `    ${line}`)
    .join('\n');
}

/**
 * The mail to the company: German, every field, the files attached. One-line fields are
 * "Label: value"; a multi-line value (company address, message) stands indented under its
 * label, and the HTML part is a table with every value escaped, so that what a visitor types
 * can never look like a field of the form.
 */
export function inquiryMail(
  inquiry: Inquiry,
  attachments: (StoredAttachment & { object: StoredObject })[],
  config: Config,
  company: CompanyDetails,
  mail: MailSettings,
): MailMessage {
  const fields: [string, string | null][] = [
    ['Art der Anfrage', subjectNames.de[inquiry.subject]],
    ['Stelle', inquiry.subject === 'application' ? inquiry.jobTitle : null],
    ['Referenz', inquiry.reference],
    ['Eingegangen', `${berlinTime(inquiry.createdAt)} Uhr`],
    ['Vorname', inquiry.firstName],
    ['Nachname', inquiry.lastName],
    ['Telefon', inquiry.phone],
    ['E-Mail', inquiry.email],
    ['Firma', inquiry.companyName],
    ['Firmenadresse', inquiry.companyAddress],
    ['Gebäudegröße', inquiry.buildingSize],
    ['Anliegen', inquiry.regards.length ? inquiry.regards.map((r) => regardNames.de[r]).join(', ') : null],
    ['Sprache der Website', inquiry.language === 'en' ? 'Englisch' : 'Deutsch'],
    // Whether the applicant agreed to be kept for later openings (decision 050); its words are in the dashboard.
    [
      'Für spätere Stellen aufbewahren',
      inquiry.subject !== 'application'
        ? null
        : inquiry.consent
          ? `eingewilligt (Fassung ${inquiry.consent.version})`
          : 'nicht eingewilligt',
    ],
  ];
  const given = fields.filter((field): field is [string, string] => field[1] !== null && field[1] !== '');
  const intro = `Neue Anfrage über das Kontaktformular der Website (${subjectName(inquiry)}).`;
  const files = attachments.map((a) => `${a.fileName} (${formatFileSize(a.size, 'de')})`);
  const outro = 'Mit „Antworten“ geht Ihre Antwort direkt an den Absender. Die Anfrage ist auch im Dashboard gespeichert.';
  const text = [
    intro,
    '',
    ...given.map(([label, value]) => (/[\r\n]/.test(value) ? `${label}:\n${indented(value)}` : `${label}: ${value}`)),
    '',
    'Nachricht:',
    indented(inquiry.message),
    '',
    files.length ? `Anhänge (${files.length}):\n${files.map((f) => `- ${f}`).join('\n')}` : 'Anhänge: keine',
    '',
    outro,
  ].join('\n');
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    ...given.map(
      ([label, value]) =>
        `<tr><th style="${cell}">${escapeHtml(label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    '<h3>Nachricht</h3>',
    `<div style="white-space:pre-wrap;border-left:3px solid #ccc;padding-left:12px">${escapeHtml(inquiry.message)}</div>`,
    files.length
      ? `<h3>Anhänge (${files.length})</h3><ul>${files.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`
      : '<p>Anhänge: keine</p>',
    `<p>${escapeHtml(outro)}</p>`,
  ].join('\n');
  return {
    from: { name: `${company.name} Website`, address: senderAddress(mail, config.mailFrom) },
    to: mail.recipients[inquiry.subject],
    replyTo: { name: oneLine(`${inquiry.firstName} ${inquiry.lastName}`), address: inquiry.email },
    subject: inquiryMailSubject(inquiry),
    text,
    html,
    // Streamed from storage into the message as it is sent, never read whole into memory.
    attachments: attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.object.stream })),
    headers: { 'X-Inquiry-Reference': inquiry.reference },
  };
}

/**
 * The confirmation to the visitor, in their language: the reference number and a list of what
 * they sent. It never repeats anything they typed (not even their name or file names), so the
 * form cannot be used to send someone else a message of the sender's choosing.
 */
export function confirmationMail(
  inquiry: Inquiry,
  attachments: StoredAttachment[],
  config: Config,
  company: CompanyDetails,
  mail: MailSettings,
  /** The job's title in the visitor's language where the job still shows one; else the kept (German) title. */
  jobTitle?: string,
): MailMessage {
  const lang = inquiry.language;
  const de = lang === 'de';
  const fields = de
    ? ['Vorname', 'Nachname', 'Telefon', 'E-Mail-Adresse', `Nachricht (${inquiry.message.length} Zeichen)`]
    : ['First name', 'Last name', 'Phone', 'E-mail address', `Message (${inquiry.message.length} characters)`];
  if (inquiry.companyName) fields.push(de ? 'Firmenname' : 'Company name');
  if (inquiry.companyAddress) fields.push(de ? 'Firmenadresse' : 'Company address');
  if (inquiry.buildingSize) fields.push(de ? 'Gebäudegröße' : 'Building size');
  const files = attachments.map((a) => {
    const kind = attachmentTypes.find((t) => t.mime === a.contentType)?.kind ?? 'document';
    return `- ${kindNames[lang][kind]}, ${formatFileSize(a.size, lang)}`;
  });
  const text = [
    de ? 'Guten Tag,' : 'Hello,',
    '',
    de
      ? `vielen Dank für Ihre Anfrage an ${company.name}. Wir haben sie erhalten und melden uns so bald wie möglich.`
      : `thank you for contacting ${company.name}. We have received your request and will get back to you as soon as we can.`,
    '',
    `${de ? 'Ihre Referenznummer' : 'Your reference number'}: ${inquiry.reference}`,
    `${de ? 'Art der Anfrage' : 'Type of request'}: ${subjectNames[lang][inquiry.subject]}`,
    // The job's title as the site shows it in the visitor's language, never text the visitor typed.
    ...(inquiry.subject === 'application' && inquiry.jobTitle
      ? [`${de ? 'Stelle' : 'Position'}: ${oneLine(jobTitle ?? inquiry.jobTitle)}`]
      : []),
    ...(inquiry.regards.length
      ? [`${de ? 'Anliegen' : 'Areas of interest'}: ${inquiry.regards.map((r) => regardNames[lang][r]).join(', ')}`]
      : []),
    '',
    de ? 'Sie haben uns übermittelt:' : 'You sent us:',
    ...fields.map((f) => `- ${f}`),
    '',
    files.length
      ? `${de ? 'Anhänge' : 'Attachments'} (${files.length}):\n${files.join('\n')}`
      : de
        ? 'Anhänge: keine'
        : 'Attachments: none',
    '',
    de
      ? `Sie haben diese Anfrage nicht gestellt? Dann können Sie diese E-Mail ignorieren.`
      : `You did not send this request? Then please ignore this e-mail.`,
    '',
    `${company.legalName}`,
    `${company.street}, ${company.postalCode} ${company.city}`,
    `${company.phone} · ${company.email}`,
  ].join('\n');
  return {
    from: { name: company.name, address: senderAddress(mail, config.mailFrom) },
    // An answer to the confirmation reaches the company, whoever the mail server sends as.
    replyTo: { name: company.name, address: mail.replyTo },
    to: inquiry.email,
    subject: de
      ? `Ihre Anfrage bei ${company.name} (Referenz ${inquiry.reference})`
      : `Your request to ${company.name} (reference ${inquiry.reference})`,
    text,
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
    // Recipients and sender as staff last saved them, read when the mail is rendered.
    const mail = await getMailSettings(db, config);
    return { inquiry, attachments: await attachmentsOf(db, inquiry.id), company, mail };
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
        return inquiryMail(found.inquiry, opened, config, found.company, found.mail);
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
        return confirmationMail(found.inquiry, found.attachments, config, found.company, found.mail, jobTitle);
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
