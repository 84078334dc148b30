// The rules of the contact form, shared by the form (before sending) and the server (which never
// trusts the form). Plain functions and constants, no zod: the form is on every public page and
// should not need a schema library to check six fields.

export const inquirySubjects = ['priceInquiry', 'generalMessage', 'application'] as const;
export type InquirySubject = (typeof inquirySubjects)[number];

export const regardsOptions = ['lps', 'earthing', 'equipotential', 'maintenance', 'planning'] as const;
export type Regard = (typeof regardsOptions)[number];

/** The fields every inquiry needs, in the order SPEC.md §5 checks and names them. */
export const generalFields = ['subject', 'firstName', 'lastName', 'phone', 'email', 'message'] as const;
/** The extra fields of a price inquiry, in the spec's order and with the spec's (capitalised) names. */
export const priceInquiryFields = ['BuildingSize', 'CompanyAddress', 'CompanyName', 'Regards'] as const;

/**
 * Every field as the footer form shows them, top to bottom: a notice names missing or invalid
 * fields in this order, so that a visitor finds them in the order read (issue 40; the spec's order
 * of the price fields, BuildingSize first, is not the form's). The general fields keep SPEC.md
 * §5's order, which is the form's too: they are checked first, and the message is last of them.
 */
export const formFieldOrder = [
  'subject',
  'firstName',
  'lastName',
  'phone',
  'email',
  'CompanyName',
  'BuildingSize',
  'CompanyAddress',
  'Regards',
  'message',
] as const satisfies readonly (GeneralField | PriceInquiryField)[];

/** The fields in the order the form shows them. */
function inFormOrder<F extends InquiryField>(fields: Iterable<F>): F[] {
  return [...new Set(fields)].sort((a, b) => formFieldOrder.indexOf(a) - formFieldOrder.indexOf(b));
}

export type GeneralField = (typeof generalFields)[number];
export type PriceInquiryField = (typeof priceInquiryFields)[number];
export type InquiryField = GeneralField | PriceInquiryField;

/** Longest accepted value per text field (characters). */
export const fieldMaxLength: Record<Exclude<InquiryField, 'Regards' | 'subject'>, number> = {
  firstName: 100,
  lastName: 100,
  phone: 40,
  email: 254,
  message: 10_000,
  BuildingSize: 100,
  CompanyAddress: 500,
  CompanyName: 200,
};

/** Fields that end up in a mail header (Reply-To, Subject) or are one line by nature: no line breaks. */
export const singleLineFields = ['firstName', 'lastName', 'phone', 'email', 'BuildingSize', 'CompanyName'] as const;

const MB = 1024 * 1024;

/** Limits on attachments, the same for form and server (DESIGN.md §5). */
export const attachmentLimits = {
  maxFiles: 10,
  maxFileBytes: 10 * MB,
  maxTotalBytes: 25 * MB,
  /** Longest stored file name; longer names are shortened, not refused. */
  maxNameLength: 200,
} as const;

/**
 * Accepted attachment types: images, PDF and common Office documents. The server decides by the
 * file's content; the form can only go by the browser's type and the name's extension.
 */
export const attachmentTypes: { mime: string; extensions: string[]; kind: 'image' | 'pdf' | 'document' }[] = [
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], kind: 'image' },
  { mime: 'image/png', extensions: ['png'], kind: 'image' },
  { mime: 'image/gif', extensions: ['gif'], kind: 'image' },
  { mime: 'image/webp', extensions: ['webp'], kind: 'image' },
  { mime: 'image/heic', extensions: ['heic'], kind: 'image' },
  { mime: 'image/heif', extensions: ['heif'], kind: 'image' },
  { mime: 'image/avif', extensions: ['avif'], kind: 'image' },
  { mime: 'image/tiff', extensions: ['tif', 'tiff'], kind: 'image' },
  { mime: 'application/pdf', extensions: ['pdf'], kind: 'pdf' },
  { mime: 'application/msword', extensions: ['doc'], kind: 'document' },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'], kind: 'document' },
  { mime: 'application/vnd.ms-excel', extensions: ['xls'], kind: 'document' },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'], kind: 'document' },
  { mime: 'application/vnd.ms-powerpoint', extensions: ['ppt'], kind: 'document' },
  { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['pptx'], kind: 'document' },
  { mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'], kind: 'document' },
  { mime: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['ods'], kind: 'document' },
];

/**
 * The `accept` attribute of the file input: the file endings alone, which browsers map to their
 * types for the file picker (the types beside them doubled the attribute, sent in every page).
 */
export const attachmentAccept = attachmentTypes.flatMap((t) => t.extensions.map((e) => `.${e}`)).join(',');

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : '';
}

/** The accepted type a file claims to be, by its declared MIME type or else its extension. */
export function declaredAttachmentType(fileName: string, mime: string) {
  return (
    attachmentTypes.find((t) => t.mime === mime) ?? attachmentTypes.find((t) => t.extensions.includes(extensionOf(fileName)))
  );
}

/** At most 254 characters overall and 64 before the @ (SPEC.md §5), and the usual shape. */
export function isValidEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  // The HTML standard's pattern for a valid e-mail address (what type="email" checks).
  return /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/.test(
    value,
  );
}

/** What a visitor entered, as the form holds it (Regards as a list). */
export type InquiryValues = Record<Exclude<InquiryField, 'Regards'>, string> & { Regards: string[] };

export type InquiryCheck = { ok: true } | { ok: false; step: 'missing' | 'missingPrice' | 'invalid'; fields: InquiryField[] };

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/** C0 and C1 control characters other than tab and line breaks: nothing a person types, and PostgreSQL refuses NUL in text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Bidirectional overrides and isolates: in a one-line value they only serve to disguise it (`rechnung\u202Egnp.jpg`). */
export const bidiControl = /[\u202a-\u202e\u2066-\u2069]/;

/** Line breaks of every kind a mail reader, a browser or a JSON-LD parser may honour. */
export const lineBreak = /[\n\v\f\r\u0085\u2028\u2029]/;

/**
 * Whether a value is one line: no line break and no bidirectional control. The contact form's
 * one-line fields and every one-line field of the contract (company details, jobs, page texts)
 * are checked by this one function.
 */
export function isOneLine(value: string): boolean {
  return !lineBreak.test(value) && !bidiControl.test(value);
}

/**
 * RFC 2047 encoded-word syntax (`=?UTF-8?Q?=0D=0ABcc:…?=`): mail readers decode it in headers,
 * line breaks included, so no value that reaches a header may carry it.
 */
export const encodedWord = /=\?[^?\s]*\?[bq]\?[^?\s]*\?=/i;

/** The fields that end up in the mail's Subject or Reply-To header. */
const headerFields = ['firstName', 'lastName', 'CompanyName', 'email'] as const;

/**
 * The fields staff may show or hide and make required or optional per type (issue 44), in the
 * form's order. The names, the e-mail address and the message are what every inquiry needs: they
 * are always shown and required, and not among these.
 */
export const adjustableFields = ['phone', 'CompanyName', 'BuildingSize', 'CompanyAddress', 'Regards'] as const;
export type AdjustableField = (typeof adjustableFields)[number];

/** Whether a type's form shows a field, and whether it must be filled in. */
export type FieldRule = { shown: boolean; required: boolean };

/**
 * SPEC.md's form, the default: a price inquiry asks for every field, required; a general message
 * and an application for the phone number, required, and none of the company's.
 */
export function shippedFieldRule(subject: string, field: AdjustableField): FieldRule {
  const shown = subject === 'priceInquiry' || field === 'phone';
  return { shown, required: shown };
}

/** The rules an inquiry is checked by: the type's saved fields, or the shipped ones. */
export type FieldRules = (subject: string, field: AdjustableField) => FieldRule;

/**
 * The send check of SPEC.md §5, in its order: first the general fields (and, for a type other
 * than the price inquiry, the fields staff made required for it), then (for a price inquiry) the
 * required ones of its fields, each step naming its fields in the form's order; then values that
 * are there but wrong (e-mail address, unknown subject or regards value, too long, a line break
 * in a one-line field, a control character). A field the type does not show is not checked: its
 * value is not kept. `rules` default to SPEC.md's form, `types` (the keys the form offers) to its three.
 */
export function checkInquiry(
  values: InquiryValues,
  rules: FieldRules = shippedFieldRule,
  types: readonly string[] = inquirySubjects,
): InquiryCheck {
  const known = types.includes(values.subject);
  // Before a type is chosen (or for one the site does not know), the fields every type shows.
  const rule = (field: AdjustableField) => (known ? rules(values.subject, field) : shippedFieldRule('', field));
  const isBlank = (field: InquiryField) => (field === 'Regards' ? values.Regards.length === 0 : blank(values[field]));
  const requiredHere = (field: AdjustableField) => rule(field).shown && rule(field).required;
  const priceStep = values.subject === 'priceInquiry';
  const missing = [
    ...['subject', 'firstName', 'lastName', 'email', 'message'].filter((f) => blank(values[f as GeneralField])),
    ...adjustableFields.filter((f) => (f === 'phone' || !priceStep) && requiredHere(f) && isBlank(f)),
  ] as InquiryField[];
  if (missing.length > 0) return { ok: false, step: 'missing', fields: inFormOrder(missing) };
  if (priceStep) {
    const missingPrice = adjustableFields.filter((f) => f !== 'phone' && requiredHere(f) && isBlank(f));
    if (missingPrice.length > 0) return { ok: false, step: 'missingPrice', fields: inFormOrder(missingPrice) };
  }
  const invalid: InquiryField[] = [];
  if (!known) invalid.push('subject');
  const checked = (field: keyof typeof fieldMaxLength) =>
    !(adjustableFields as readonly string[]).includes(field) || rule(field as AdjustableField).shown;
  for (const field of (Object.keys(fieldMaxLength) as (keyof typeof fieldMaxLength)[]).filter(checked)) {
    const value = values[field] ?? '';
    const singleLine = (singleLineFields as readonly string[]).includes(field);
    const notOneLine = singleLine && !isOneLine(value);
    const forgesHeader = (headerFields as readonly string[]).includes(field) && encodedWord.test(value);
    if (value.trim().length > fieldMaxLength[field] || notOneLine || forgesHeader || controlCharacter.test(value))
      invalid.push(field);
  }
  if (!invalid.includes('email') && !isValidEmail(values.email.trim())) invalid.push('email');
  if (rule('Regards').shown && values.Regards.some((r) => !(regardsOptions as readonly string[]).includes(r)))
    invalid.push('Regards');
  if (invalid.length > 0) return { ok: false, step: 'invalid', fields: inFormOrder(invalid) };
  return { ok: true };
}

/** Regards as sent: repeated fields and/or one comma-separated entry (SPEC.md §3). */
export function splitRegards(entries: string[]): string[] {
  return [
    ...new Set(
      entries
        .flatMap((e) => e.split(','))
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Days after arrival after which stored inquiries (and their files) are deleted; null keeps them.
 * For applications this is the rule of those not closed and without consent (decision 050).
 */
export const defaultRetentionDays: Record<InquirySubject, number | null> = {
  application: 180,
  priceInquiry: null,
  generalMessage: null,
};

/**
 * Days after closing (status `closed`) after which an application is deleted (decision 050):
 * without the applicant's consent six months (183 days: the two months of AGG §15(4) and the
 * three of ArbGG §61b, with time for the post); with their consent to be kept for later openings
 * two years. null keeps them.
 */
export const defaultApplicationRetentionDays = {
  applicationAfterClosing: 183,
  applicationWithConsent: 730,
} as const satisfies Record<string, number | null>;

/** Names of the multipart fields besides the inquiry's own. */
export const contactFormExtras = {
  /** Hidden from people; a bot that fills it is treated as spam (answered as usual, never mailed). */
  honeypot: 'website',
  /** The token the form got from the server when it became interactive: the fill time is measured from it. */
  formToken: 'formToken',
  /** The language the visitor used: the confirmation mail is written in it. */
  language: 'language',
  /** The file field, repeated per file (SPEC.md §3). */
  attachment: 'attachment',
  /** The page a form sent without JavaScript came from: the answer leads back there (303). */
  returnTo: 'returnTo',
  /** The job an application is for (a job page's apply link): its id. */
  jobId: 'jobId',
} as const;

/** How a field failed the check: missing, not an e-mail address, or otherwise invalid. */
export type FieldErrorKind = 'required' | 'email' | 'invalid';

/**
 * What the footer form shows when the server renders it: the values and marks of a form sent
 * without JavaScript that the server refused, and the notice of how a send went. Page data under
 * `contactFormStateKey`.
 */
export type ContactFormState = {
  values?: InquiryValues;
  /** What was sent in the fields a type adds (issue 44), by form field name. */
  added?: Record<string, string[]>;
  /** The application's box to be kept for later openings was ticked (decision 050). */
  applicationConsent?: boolean;
  /** By field: SPEC.md's (`InquiryField`) and those a type adds, by their keys. */
  errors?: Partial<Record<string, FieldErrorKind>>;
  notice?:
    | { kind: 'success'; sent?: InquirySent }
    | { kind: 'failure' | 'tooMany' | 'tooLarge' }
    | { kind: 'missing' | 'missingPrice' | 'invalid'; fields: string[] }
    | { kind: 'malware' | 'attachments'; files: string[] };
};
export const contactFormStateKey = 'contact-form';

/** The footer form's element id: a link to `#contact-form` leads to it. */
export const contactFormAnchor = 'contact-form';

/** The query parameter that chooses the footer form's subject (a job's apply link: ?subject=application#contact-form). */
export const inquirySubjectParam = 'subject';

/** The query parameter of the page a form sent without JavaScript returns to: its notice. */
export const inquirySentParam = 'inquiry';

/**
 * What the form confirms at its place once an inquiry is sent (issue 40): its reference, and
 * whether a confirmation mail is on its way to the sender.
 */
export type InquirySent = { reference: string; confirmationMail: boolean };

/** The query parameter carrying the reference to the page a form sent without JavaScript returns to. */
export const inquiryReferenceParam = 'reference';

/** A reference as the server makes them: the day and six characters (20261125-K7QX2M). */
export const inquiryReferencePattern = /^\d{8}-[A-HJ-NP-Z2-9]{6}$/;

/** "840 KB", "1.2 MB" (English) or "1,2 MB" (German): for the file list and the mails. */
export function formatFileSize(bytes: number, language: 'de' | 'en'): string {
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}
