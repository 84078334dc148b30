import type { InquirySubject, RetentionSettings } from '@blitz/contract';
import { regardNames } from '../mail-templates/mail-words';
import type { PersonRecord } from './privacy.service';

// The archive's readable summary (decision 049), in the person's language: what is stored, why,
// and how long. Plain text, so that any device opens it.

type Language = 'de' | 'en';

const texts = {
  de: {
    title: 'Auskunft über Ihre gespeicherten Daten (Art. 15 DSGVO)',
    intro: (email: string, at: string) =>
      `Diese Auskunft nennt alles, was auf unserer Website zur E-Mail-Adresse ${email} gespeichert ist (Stand: ${at}).`,
    none: 'Zu dieser Adresse ist nichts gespeichert.',
    files:
      'Das Archiv enthält außerdem data.json (alle gespeicherten Angaben, maschinenlesbar) und im Ordner files/ die Dateien, die Sie mitgeschickt haben.',
    inquiry: (n: number, ref: string) => `${n}. Anfrage ${ref}`,
    received: 'Eingegangen',
    type: 'Art',
    status: 'Bearbeitungsstand',
    fields: 'Gespeicherte Angaben',
    attachments: 'Dateien',
    fileMissing: 'nicht mehr gespeichert, daher nicht im Archiv',
    mails: 'E-Mails dazu',
    notes: 'Interne Notizen der Mitarbeiter',
    origin: 'Herkunft (Besucherstatistik)',
    why: 'Zweck',
    whyText: {
      priceInquiry: 'Beantwortung Ihrer Preisanfrage und Erstellung eines Angebots.',
      generalMessage: 'Beantwortung Ihrer Nachricht.',
      application: 'Durchführung des Bewerbungsverfahrens.',
    } satisfies Record<InquirySubject, string>,
    whyAdded: 'Bearbeitung Ihrer Anfrage.',
    howLong: 'Speicherdauer',
    keptDays: (days: number) => `${days} Tage nach Eingang, danach automatisch gelöscht.`,
    keptUntilDeleted: 'bis zur Löschung durch uns; Sie können die Löschung jederzeit verlangen.',
    keptAfterClosing: (days: number) => `${days} Tage nach Abschluss des Bewerbungsverfahrens, danach automatisch gelöscht.`,
    keptOpen: (days: number | null, closing: number | null) =>
      `${days === null ? 'während des Verfahrens' : `${days} Tage nach Eingang`}; ist das Verfahren vorher abgeschlossen, ${
        closing === null ? 'bis zur Löschung durch uns' : `${closing} Tage nach Abschluss`
      }. Danach automatisch gelöscht.`,
    keptUntilClosed: (closing: number | null) =>
      `bis zum Abschluss des Verfahrens, danach ${closing === null ? 'bis zur Löschung durch uns' : `${closing} Tage`} für spätere Stellen.`,
    consent: 'Einwilligung (spätere Stellen)',
    consentGiven: (at: string, version: string, text: string) => `gegeben am ${at} (Fassung ${version}): „${text}“`,
    spam: (days: number) => `Als Spam erkannt: ${days} Tage nach Eingang automatisch gelöscht.`,
    backups:
      'Sicherungskopien der Website enthalten diese Daten noch bis zu ihrer turnusmäßigen Löschung (siehe Datenschutzerklärung).',
    subjects: { priceInquiry: 'Preisanfrage', generalMessage: 'Allgemeine Nachricht', application: 'Bewerbung' },
    statuses: { new: 'neu', inProgress: 'in Bearbeitung', answered: 'beantwortet', closed: 'abgeschlossen' },
    mailKinds: {
      inquiry: 'Weiterleitung an unser Team',
      confirmation: 'Eingangsbestätigung an Sie',
      assignment: 'Hinweis an den zuständigen Mitarbeiter',
    } as Record<string, string>,
    mailStatuses: { pending: 'wartet', sent: 'versandt', failed: 'fehlgeschlagen', logged: 'nicht versandt' } as Record<
      string,
      string
    >,
    field: {
      name: 'Name',
      email: 'E-Mail',
      phone: 'Telefon',
      company: 'Firma',
      address: 'Anschrift',
      buildingSize: 'Gebäudegröße',
      regards: 'Betrifft',
      job: 'Stelle',
      message: 'Nachricht',
      language: 'Sprache',
    },
  },
  en: {
    title: 'Your stored data (Art. 15 GDPR)',
    intro: (email: string, at: string) =>
      `This statement lists everything our website stores about the e-mail address ${email} (as of ${at}).`,
    none: 'Nothing is stored about this address.',
    files:
      'The archive also holds data.json (every stored detail, machine-readable) and, in the folder files/, the files you sent.',
    inquiry: (n: number, ref: string) => `${n}. Inquiry ${ref}`,
    received: 'Received',
    type: 'Type',
    status: 'Status',
    fields: 'Stored details',
    attachments: 'Files',
    fileMissing: 'no longer stored, so not in the archive',
    mails: 'Mails about it',
    notes: "Staff's internal notes",
    origin: 'Origin (visitor statistics)',
    why: 'Purpose',
    whyText: {
      priceInquiry: 'Answering your price inquiry and making an offer.',
      generalMessage: 'Answering your message.',
      application: 'The application process.',
    } satisfies Record<InquirySubject, string>,
    whyAdded: 'Handling your inquiry.',
    howLong: 'Kept for',
    keptDays: (days: number) => `${days} days after it arrived, then deleted automatically.`,
    keptUntilDeleted: 'until we delete it; you may ask for its erasure at any time.',
    keptAfterClosing: (days: number) => `${days} days after the application process has ended, then deleted automatically.`,
    keptOpen: (days: number | null, closing: number | null) =>
      `${days === null ? 'during the application process' : `${days} days after it arrived`}; if the process ends earlier, ${
        closing === null ? 'until we delete it' : `${closing} days after it ended`
      }. Then deleted automatically.`,
    keptUntilClosed: (closing: number | null) =>
      `until the application process has ended, then ${closing === null ? 'until we delete it' : `${closing} days`} for later openings.`,
    consent: 'Consent (later openings)',
    consentGiven: (at: string, version: string, text: string) => `given on ${at} (wording ${version}): “${text}”`,
    spam: (days: number) => `Recognised as spam: deleted automatically ${days} days after it arrived.`,
    backups: "The website's backups still hold this data until they are removed in turn (see the privacy policy).",
    subjects: { priceInquiry: 'Price inquiry', generalMessage: 'General message', application: 'Application' },
    statuses: { new: 'new', inProgress: 'in progress', answered: 'answered', closed: 'closed' },
    mailKinds: {
      inquiry: 'Forwarded to our team',
      confirmation: 'Confirmation of receipt to you',
      assignment: 'Notice to the colleague in charge',
    } as Record<string, string>,
    mailStatuses: { pending: 'waiting', sent: 'sent', failed: 'failed', logged: 'not sent' } as Record<string, string>,
    field: {
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      company: 'Company',
      address: 'Address',
      buildingSize: 'Building size',
      regards: 'Regarding',
      job: 'Position',
      message: 'Message',
      language: 'Language',
    },
  },
} as const;

const berlinTime = (iso: string, lang: Language) =>
  new Date(iso).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: 'Europe/Berlin',
    dateStyle: 'long',
    timeStyle: 'short',
  });

type Texts = (typeof texts)[Language];

/** How long an inquiry is kept, by the inbox's retention (applications: decision 050). */
function howLong(t: Texts, record: PersonRecord, retention: RetentionSettings): string {
  const { inquiry } = record;
  const days = record.addedType ? record.addedType.retentionDays : (retention[inquiry.subject as InquirySubject] ?? null);
  if (inquiry.subject !== 'application') return days === null ? t.keptUntilDeleted : t.keptDays(days);
  const closing = inquiry.consent ? retention.applicationWithConsent : retention.applicationAfterClosing;
  if (inquiry.status === 'closed') return closing === null ? t.keptUntilDeleted : t.keptAfterClosing(closing);
  return inquiry.consent ? t.keptUntilClosed(closing) : t.keptOpen(days, closing);
}

const indent = (text: string) => text.replace(/\r?\n/g, '\r\n      ');

/** The summary.txt of one person's archive. */
export function summaryText(
  lang: Language,
  email: string,
  records: readonly PersonRecord[],
  retention: RetentionSettings,
  spamDays: number,
  now: Date,
): string {
  const t = texts[lang];
  const lines: string[] = [t.title, '='.repeat(t.title.length), '', t.intro(email, berlinTime(now.toISOString(), lang)), ''];
  if (records.length === 0) lines.push(t.none, '');
  else lines.push(t.files, '');
  records.forEach((record, index) => {
    const { inquiry } = record;
    const heading = t.inquiry(index + 1, inquiry.reference);
    lines.push(heading, '-'.repeat(heading.length));
    lines.push(`${t.received}: ${berlinTime(inquiry.createdAt, lang)}`);
    const builtIn = !record.addedType;
    lines.push(
      `${t.type}: ${builtIn ? t.subjects[inquiry.subject as InquirySubject] : record.addedType!.names[lang] || inquiry.subject}`,
    );
    lines.push(`${t.status}: ${t.statuses[inquiry.status]}`);
    lines.push(`${t.fields}:`);
    const field = (label: string, value: string | null) => {
      if (value) lines.push(`  ${label}: ${indent(value)}`);
    };
    field(t.field.name, `${inquiry.firstName} ${inquiry.lastName}`.trim());
    field(t.field.email, inquiry.email);
    // Named as the form its sender saw named them, where staff gave words (issue 44).
    const kept = (key: string, own: string) => record.fieldLabels.find((l) => l.key === key)?.[lang] || own;
    field(kept('phone', t.field.phone), inquiry.phone);
    field(kept('CompanyName', t.field.company), inquiry.companyName);
    field(kept('CompanyAddress', t.field.address), inquiry.companyAddress);
    field(kept('BuildingSize', t.field.buildingSize), inquiry.buildingSize);
    field(kept('Regards', t.field.regards), inquiry.regards.map((r) => regardNames[lang][r]).join(', '));
    field(t.field.job, inquiry.jobTitle);
    for (const answer of record.answered) field(answer.label[lang], answer.text[lang]);
    field(t.field.message, inquiry.message);
    field(t.field.language, inquiry.language);
    if (record.attachments.length) {
      lines.push(`${t.attachments}:`);
      for (const a of record.attachments)
        lines.push(a.missing ? `  ${a.fileName} (${a.size} B): ${t.fileMissing}` : `  ${a.path} (${a.size} B)`);
    }
    if (record.mails.length) {
      lines.push(`${t.mails}:`);
      for (const m of record.mails) {
        const when = m.sentAt ? `, ${berlinTime(m.sentAt, lang)}` : '';
        lines.push(`  ${t.mailKinds[m.kind] ?? m.kind}: ${t.mailStatuses[m.status] ?? m.status}${when}`);
      }
    }
    if (inquiry.consent) {
      lines.push(
        `${t.consent}: ${indent(t.consentGiven(berlinTime(inquiry.consent.at, lang), inquiry.consent.version, inquiry.consent.text))}`,
      );
    }
    if (record.notes.length) lines.push(`${t.notes}: ${record.notes.length} (data.json)`);
    if (record.origin) lines.push(`${t.origin}: ${record.origin.source} → ${record.origin.formPath}`);
    lines.push(`${t.why}: ${builtIn ? t.whyText[inquiry.subject as InquirySubject] : t.whyAdded}`);
    lines.push(`${t.howLong}: ${inquiry.spam ? t.spam(spamDays) : howLong(t, record, retention)}`);
    lines.push('');
  });
  if (records.length) lines.push(t.backups, '');
  return lines.join('\r\n');
}
