import {
  type AdjustableField,
  type CompanyDetails,
  type MailPreview,
  type MailTemplateKind,
  type MailTemplateLanguage,
  type Regard,
  type TemplatePiece,
  attachmentTypes,
  blockPlaceholders,
  escapeHtml,
  formatFileSize,
  lineBreak,
  templatePieces,
} from '@blitz/contract';
import type { TemplateWords } from './mail-template-defaults';
import { fieldLabels, fileKindNames, regardNames, subjectNames } from './mail-words';

/** What the mails tell of an inquiry: the stored one (the contact module's has these and more), or the preview's sample. */
export type MailInquiry = {
  reference: string;
  /** Its type's key: one of SPEC.md's three, or one staff added (named by `typeNames`). */
  subject: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  message: string;
  companyName: string | null;
  companyAddress: string | null;
  buildingSize: string | null;
  regards: Regard[];
  language: MailTemplateLanguage;
  createdAt: string;
  jobTitle: string | null;
  consent: { version: string } | null;
  /** The words staff gave its fields in the form it was sent with (issue 44), where they gave any. */
  fieldLabels?: readonly { key: AdjustableField; de: string; en: string }[];
  /** An added type's names as staff gave them (issue 44). */
  typeNames?: { de: string; en: string } | undefined;
  /** What it answered in the fields its type adds, with their words as they were (issue 44). */
  answered?: readonly { label: { de: string; en: string }; text: { de: string; en: string } }[];
};

/** Its type's name in a language: SPEC.md's three by the mails' words, an added one by staff's, else its key. */
function typeName(inquiry: MailInquiry, language: MailTemplateLanguage): string {
  const own = (subjectNames[language] as Record<string, string | undefined>)[inquiry.subject];
  return own ?? (inquiry.typeNames?.[language] || inquiry.subject);
}

/** A field's label in a mail: staff's words in the form the inquiry was sent with, else the mail's own. */
function labelOf(inquiry: MailInquiry, field: AdjustableField, language: MailTemplateLanguage, own: string): string {
  return inquiry.fieldLabels?.find((l) => l.key === field)?.[language] || own;
}

export type MailAttachment = { fileName: string; contentType: string; size: number };

/** A placeholder's value: its text, and for a block its own HTML (a table, a list). */
type Value = { text: string; html?: string };
export type PlaceholderValues = Record<string, Value>;

/** Anything that could end a header line or confuse a reader goes; nodemailer encodes the rest. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** Each line of a multi-line value indented, so that no line of it can pass for a field of its own. */
function indented(value: string): string {
  return value
    .split(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/)
    .map((line) => `    ${line}`)
    .join('\n');
}

function berlinTime(iso: string, language: MailTemplateLanguage): string {
  const locale = language === 'de' ? 'de-DE' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(
    new Date(iso),
  );
}

const inline = (text: string): Value => ({ text });

/** The company's details as staff saved them. */
export function companyValues(company: CompanyDetails): PlaceholderValues {
  return {
    companyName: inline(company.name),
    companyLegalName: inline(company.legalName),
    companyAddress: inline(`${company.street}, ${company.postalCode} ${company.city}`),
    companyPhone: inline(company.phone),
    companyEmail: inline(company.email),
  };
}

/** The values both mails share; `jobTitle` is the title the mail names (the visitor's language in the confirmation). */
function inquiryValues(inquiry: MailInquiry, language: MailTemplateLanguage, jobTitle: string | null): PlaceholderValues {
  const type = typeName(inquiry, language);
  const job = inquiry.subject === 'application' && jobTitle ? oneLine(jobTitle) : '';
  return {
    reference: inline(inquiry.reference),
    type: inline(type),
    // "Bewerbung: Monteur (m/w/d)": with a colon rather than "als", which read wrongly for "Ausbildung zum …" (issue 40).
    typeAndJob: inline(job ? `${type}: ${job}` : type),
    jobTitle: inline(job),
    regards: inline(inquiry.regards.map((r) => regardNames[language][r]).join(', ')),
  };
}

/**
 * The notification's values (the company's come from `companyValues`): every field, the message, the files. One-line fields are "Label:
 * value"; a multi-line value (company address, message) stands indented under its label, and
 * the HTML is a table with every value escaped, so that what a visitor types can never look like
 * a field of the form.
 */
export function notificationValues(
  inquiry: MailInquiry,
  attachments: readonly MailAttachment[],
  language: MailTemplateLanguage,
): PlaceholderValues {
  const words = fieldLabels[language];
  const fields: [string, string | null][] = [
    [words.type, typeName(inquiry, language)],
    [words.job, inquiry.subject === 'application' ? inquiry.jobTitle : null],
    [words.reference, inquiry.reference],
    [words.received, words.receivedAt(berlinTime(inquiry.createdAt, language))],
    [words.firstName, inquiry.firstName],
    [words.lastName, inquiry.lastName],
    [labelOf(inquiry, 'phone', language, words.phone), inquiry.phone],
    [words.email, inquiry.email],
    [labelOf(inquiry, 'CompanyName', language, words.company), inquiry.companyName],
    [labelOf(inquiry, 'CompanyAddress', language, words.companyAddress), inquiry.companyAddress],
    [labelOf(inquiry, 'BuildingSize', language, words.buildingSize), inquiry.buildingSize],
    [
      labelOf(inquiry, 'Regards', language, words.regards),
      inquiry.regards.length ? inquiry.regards.map((r) => regardNames[language][r]).join(', ') : null,
    ],
    ...(inquiry.answered ?? []).map((a): [string, string] => [a.label[language], a.text[language]]),
    [words.language, words.languages[inquiry.language]],
    // Whether the applicant agreed to be kept for later openings (decision 050); its words are in the dashboard.
    [
      words.keep,
      inquiry.subject !== 'application' ? null : inquiry.consent ? words.agreed(inquiry.consent.version) : words.notAgreed,
    ],
  ];
  const given = fields.filter((field): field is [string, string] => field[1] !== null && field[1] !== '');
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const files = attachments.map((a) => `${a.fileName} (${formatFileSize(a.size, language)})`);
  const name = oneLine(`${inquiry.firstName} ${inquiry.lastName}`);
  return {
    ...inquiryValues(inquiry, language, inquiry.jobTitle),
    visitorName: inline(name),
    visitorAndCompany: inline(inquiry.companyName ? `${name} (${oneLine(inquiry.companyName)})` : name),
    fields: {
      text: given
        .map(([label, value]) => (lineBreak.test(value) ? `${label}:\n${indented(value)}` : `${label}: ${value}`))
        .join('\n'),
      html: [
        '<table style="border-collapse:collapse">',
        ...given.map(
          ([label, value]) =>
            `<tr><th style="${cell}">${escapeHtml(label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
        ),
        '</table>',
      ].join('\n'),
    },
    message: {
      text: indented(inquiry.message),
      html: `<div style="white-space:pre-wrap;border-left:3px solid #ccc;padding-left:12px">${escapeHtml(inquiry.message)}</div>`,
    },
    attachments: files.length
      ? {
          text: `${words.attachments} (${files.length}):\n${files.map((f) => `- ${f}`).join('\n')}`,
          html: `<h3>${words.attachments} (${files.length})</h3><ul>${files.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
        }
      : inline(`${words.attachments}: ${words.none}`),
  };
}

/**
 * The confirmation's values (the company's come from `companyValues`), in the visitor's language. Nothing the visitor typed is among them
 * (not even their name or file names): which fields they sent, the files' kinds and sizes.
 * `jobTitle`: the job's title as the site shows it in that language, else the kept one.
 */
export function confirmationValues(
  inquiry: MailInquiry,
  attachments: readonly MailAttachment[],
  jobTitle: string | null,
): PlaceholderValues {
  const language = inquiry.language;
  const words = fieldLabels[language];
  // The phone only if sent: staff may have made it optional or hidden it (issue 44).
  const sent: string[] = [words.firstName, words.lastName];
  if (inquiry.phone) sent.push(labelOf(inquiry, 'phone', language, words.phone));
  sent.push(words.emailSent, words.message(inquiry.message.length));
  if (inquiry.companyName) sent.push(labelOf(inquiry, 'CompanyName', language, words.companySent));
  if (inquiry.companyAddress) sent.push(labelOf(inquiry, 'CompanyAddress', language, words.companyAddress));
  if (inquiry.buildingSize) sent.push(labelOf(inquiry, 'BuildingSize', language, words.buildingSize));
  // An added field by its label only: its answer is what the visitor typed or chose.
  for (const answer of inquiry.answered ?? []) sent.push(answer.label[language]);
  const files = attachments.map((a) => {
    const kind = attachmentTypes.find((t) => t.mime === a.contentType)?.kind ?? 'document';
    return `- ${fileKindNames[language][kind]}, ${formatFileSize(a.size, language)}`;
  });
  return {
    // Only where the application kept a title: a job unknown or unpublished when it came is never named.
    ...inquiryValues(inquiry, language, inquiry.jobTitle && (jobTitle ?? inquiry.jobTitle)),
    fieldsSent: {
      text: sent.map((f) => `- ${f}`).join('\n'),
      html: `<ul>${sent.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
    },
    attachments: inline(
      files.length ? `${words.attachments} (${files.length}):\n${files.join('\n')}` : `${words.attachments}: ${words.none}`,
    ),
  };
}

const valueOf = (values: PlaceholderValues, name: string): Value => values[name] ?? { text: '' };

/** A template's lines as pieces, without those whose placeholders all came out empty ("Stelle: " without a job). */
function keptLines(template: string, values: PlaceholderValues): TemplatePiece[][] {
  return template.split('\n').flatMap((line) => {
    const pieces = templatePieces(line);
    const used = pieces.filter((p) => 'placeholder' in p);
    return used.length > 0 && used.every((p) => valueOf(values, p.placeholder).text === '') ? [] : [pieces];
  });
}

/** The subject: one line whatever the values hold (it is a header). */
export function renderSubject(subject: string, values: PlaceholderValues): string {
  return oneLine(
    templatePieces(subject)
      .map((p) => ('placeholder' in p ? oneLine(valueOf(values, p.placeholder).text) : p.text))
      .join(''),
  );
}

export function renderText(body: string, values: PlaceholderValues): string {
  return keptLines(body, values)
    .map((pieces) => pieces.map((p) => ('placeholder' in p ? valueOf(values, p.placeholder).text : p.text)).join(''))
    .join('\n');
}

/**
 * The HTML part: staff's words escaped, a paragraph per block of lines; a block placeholder on
 * a line of its own is its HTML (the field table, the message, the files), anywhere else its text.
 */
export function renderHtml(body: string, values: PlaceholderValues): string {
  const chunks: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) chunks.push(`<p>${paragraph.join('<br>\n')}</p>`);
    paragraph = [];
  };
  for (const pieces of keptLines(body, values)) {
    const words = pieces.filter((p) => 'placeholder' in p || p.text.trim() !== '');
    const only = words.length === 1 && 'placeholder' in words[0]! ? words[0].placeholder : undefined;
    const block = only !== undefined && blockPlaceholders.includes(only) ? valueOf(values, only).html : undefined;
    if (words.length === 0) flush();
    else if (block !== undefined) {
      flush();
      chunks.push(block);
    } else
      paragraph.push(
        pieces
          .map((p) =>
            'placeholder' in p
              ? escapeHtml(valueOf(values, p.placeholder).text).replace(/\r\n|\r|\n/g, '<br>\n')
              : escapeHtml(p.text),
          )
          .join(''),
      );
  }
  flush();
  return chunks.join('\n');
}

/** A mail's subject and text (and, for the notification, its HTML) from its words and the values. */
export function renderMail(kind: MailTemplateKind, words: TemplateWords, values: PlaceholderValues): MailPreview {
  return {
    subject: renderSubject(words.subject, values),
    text: renderText(words.body, values),
    html: kind === 'notification' ? renderHtml(words.body, values) : null,
  };
}
