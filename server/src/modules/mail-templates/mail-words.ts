import type { InquirySubject, MailTemplateLanguage, Regard } from '@blitz/contract';

// Mail texts are not UI texts of the web app: they live on the server, beside the code that
// builds the mails. Staff change the templates' words (mail-template-defaults.ts); the names
// below are the values some placeholders stand for.

export const subjectNames: Record<MailTemplateLanguage, Record<InquirySubject, string>> = {
  de: { priceInquiry: 'Preisanfrage', generalMessage: 'Allgemeine Nachricht', application: 'Bewerbung' },
  en: { priceInquiry: 'Price inquiry', generalMessage: 'General message', application: 'Application' },
};

/** What the price inquiry concerns, in words: for the mails and the data-subject summary. */
export const regardNames: Record<MailTemplateLanguage, Record<Regard, string>> = {
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

export const fileKindNames: Record<MailTemplateLanguage, Record<'image' | 'pdf' | 'document', string>> = {
  de: { image: 'Bild', pdf: 'PDF-Dokument', document: 'Office-Dokument' },
  en: { image: 'Image', pdf: 'PDF document', document: 'Office document' },
};

/** The labels of the notification's field block, and of the confirmation's list of fields sent. */
export const fieldLabels = {
  de: {
    type: 'Art der Anfrage',
    job: 'Stelle',
    reference: 'Referenz',
    received: 'Eingegangen',
    firstName: 'Vorname',
    lastName: 'Nachname',
    phone: 'Telefon',
    email: 'E-Mail',
    emailSent: 'E-Mail-Adresse',
    company: 'Firma',
    companySent: 'Firmenname',
    companyAddress: 'Firmenadresse',
    buildingSize: 'Gebäudegröße',
    regards: 'Anliegen',
    language: 'Sprache der Website',
    languages: { de: 'Deutsch', en: 'Englisch' },
    keep: 'Für spätere Stellen aufbewahren',
    agreed: (version: number | string) => `eingewilligt (Fassung ${version})`,
    notAgreed: 'nicht eingewilligt',
    message: (characters: number) => `Nachricht (${characters} Zeichen)`,
    attachments: 'Anhänge',
    none: 'keine',
    receivedAt: (time: string) => `${time} Uhr`,
  },
  en: {
    type: 'Type of request',
    job: 'Position',
    reference: 'Reference',
    received: 'Received',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    email: 'E-mail',
    emailSent: 'E-mail address',
    company: 'Company',
    companySent: 'Company name',
    companyAddress: 'Company address',
    buildingSize: 'Building size',
    regards: 'Areas of interest',
    language: 'Language of the website',
    languages: { de: 'German', en: 'English' },
    keep: 'Keep for later openings',
    agreed: (version: number | string) => `agreed (version ${version})`,
    notAgreed: 'not agreed',
    message: (characters: number) => `Message (${characters} characters)`,
    attachments: 'Attachments',
    none: 'none',
    receivedAt: (time: string) => `${time} (Berlin time)`,
  },
} as const;
