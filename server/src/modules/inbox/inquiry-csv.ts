import type { DeliveryStatus, InquiryStatus, InquirySubject, Regard } from '@blitz/contract';
import { csvCell } from '../../lib/csv-cell';
import type { InquiryListItem } from '../contact/inquiries.repository';

// The CSV export speaks the staff's language: the same words as the inbox (web/src/locales/*/inbox.json),
// kept here because the server writes the file.

type Lang = 'de' | 'en';

const subjects: Record<Lang, Record<InquirySubject, string>> = {
  de: { priceInquiry: 'Preisanfrage', generalMessage: 'Allgemeine Nachricht', application: 'Bewerbung' },
  en: { priceInquiry: 'Price inquiry', generalMessage: 'General message', application: 'Application' },
};

const regards: Record<Lang, Record<Regard, string>> = {
  de: {
    lps: 'Blitzschutzanlage',
    earthing: 'Erdung',
    equipotential: 'Potentialausgleich',
    maintenance: 'Wartung und Prüfung',
    planning: 'Planung',
  },
  en: {
    lps: 'Lightning protection system',
    earthing: 'Earthing',
    equipotential: 'Equipotential bonding',
    maintenance: 'Maintenance and inspection',
    planning: 'Planning',
  },
};

const deliveries: Record<Lang, Record<DeliveryStatus, string>> = {
  de: {
    pending: 'Ausstehend',
    delivered: 'Gesendet',
    failed: 'Fehlgeschlagen',
    logged: 'Nicht versendet – kein Mailserver eingerichtet',
    skipped: 'Nicht gesendet (Spam)',
  },
  en: {
    pending: 'Pending',
    delivered: 'Sent',
    failed: 'Failed',
    logged: 'Not sent – no mail server set up',
    skipped: 'Not sent (spam)',
  },
};

const words: Record<Lang, Record<InquiryStatus | Lang, string>> = {
  de: {
    new: 'Neu',
    inProgress: 'In Bearbeitung',
    answered: 'Beantwortet',
    closed: 'Abgeschlossen',
    de: 'Deutsch',
    en: 'Englisch',
  },
  en: { new: 'New', inProgress: 'In progress', answered: 'Answered', closed: 'Closed', de: 'German', en: 'English' },
};

// Made once: building an Intl formatter costs more than formatting with it, and the export formats every row.
const berlinParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Local time in Europe/Berlin, as spreadsheets of that language read it (`23.11.2026 09:15`, `2026-11-23 09:15`). */
function localTime(iso: string | null, lang: Lang): string {
  if (!iso) return '';
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of berlinParts.formatToParts(new Date(iso))) parts[part.type] = part.value;
  const time = `${parts.hour}:${parts.minute}`;
  return lang === 'de'
    ? `${parts.day}.${parts.month}.${parts.year} ${time}`
    : `${parts.year}-${parts.month}-${parts.day} ${time}`;
}

/** What a row tells beyond the stored columns (issue 44): an added type's names, the answers to its added fields with their words. */
export type CsvExtras = {
  typeNames: { de: string; en: string } | undefined;
  answered: readonly { label: Record<Lang, string>; text: Record<Lang, string> }[];
};

type Column = [Record<Lang, string>, (i: InquiryListItem, lang: Lang, extras: CsvExtras) => string | number | null];

const columns: Column[] = [
  [{ de: 'Nr.', en: 'No.' }, (i) => i.id],
  [{ de: 'Referenz', en: 'Reference' }, (i) => i.reference],
  [{ de: 'Eingang', en: 'Received' }, (i, l) => localTime(i.createdAt, l)],
  [
    { de: 'Art', en: 'Type' },
    (i, l, x) => (subjects[l] as Record<string, string | undefined>)[i.subject] ?? (x.typeNames?.[l] || i.subject),
  ],
  [{ de: 'Stelle', en: 'Job' }, (i) => (i.subject === 'application' ? i.jobTitle : null)],
  [{ de: 'Vorname', en: 'First name' }, (i) => i.firstName],
  [{ de: 'Nachname', en: 'Last name' }, (i) => i.lastName],
  [{ de: 'Firma', en: 'Company' }, (i) => i.companyName],
  [{ de: 'E-Mail', en: 'E-mail' }, (i) => i.email],
  [{ de: 'Telefon', en: 'Phone' }, (i) => i.phone],
  [{ de: 'Firmenadresse', en: 'Company address' }, (i) => i.companyAddress],
  [{ de: 'Gebäudegröße', en: 'Building size' }, (i) => i.buildingSize],
  [{ de: 'Anliegen', en: 'Areas of interest' }, (i, l) => i.regards.map((r) => regards[l][r]).join(', ')],
  [{ de: 'Nachricht', en: 'Message' }, (i) => i.message],
  // The fields a type adds, one per line: "Label: answer", as the form of its version named them.
  [
    { de: 'Weitere Angaben', en: 'Further details' },
    (_i, l, x) => x.answered.map((a) => `${a.label[l]}: ${a.text[l]}`).join('\n'),
  ],
  [{ de: 'Anhänge', en: 'Attachments' }, (i) => i.attachmentCount],
  [{ de: 'Zustellung', en: 'Delivery' }, (i, l) => deliveries[l][i.deliveryStatus]],
  [{ de: 'Status', en: 'Status' }, (i, l) => words[l][i.status]],
  [{ de: 'Abgeschlossen am', en: 'Closed on' }, (i, l) => localTime(i.handledAt, l)],
  [{ de: 'Wiedervorlage', en: 'Follow-up' }, (i) => i.followUpOn ?? ''],
  [{ de: 'Sprache', en: 'Language' }, (i, l) => words[l][i.language]],
];

export type CsvOptions = { lang: Lang; separator: ';' | ',' };

/** The first line: the byte order mark (so that spreadsheets read UTF-8) and the headings. */
export function csvHead({ lang, separator }: CsvOptions): string {
  return `\uFEFF${columns.map(([heading]) => csvCell(heading[lang])).join(separator)}\r\n`;
}

export function csvLine(item: InquiryListItem, { lang, separator }: CsvOptions, extras: CsvExtras): string {
  return `${columns.map(([, get]) => csvCell(get(item, lang, extras))).join(separator)}\r\n`;
}
