import crypto from 'node:crypto';
import { pipeline } from 'node:stream';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AdjustableField,
  type ContactCreated,
  type InquiryCheck,
  type InquiryValues,
  type Regard,
  attachmentLimits,
  attachmentTypes,
  checkAnswers,
  checkInquiry,
  joinChecks,
  contentLanguageOf,
  contactFormExtras,
  extensionOf,
  formVersionField,
  generalFields,
  inquiryTypeLimits,
  maxDates,
  priceInquiryFields,
  splitRegards,
  berlinDate,
  applicationConsentFields,
  applicationConsentTexts,
  applicationConsentValue,
  applicationConsentVersion,
  isApplicationConsentVersion,
} from '@blitz/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { HttpError } from '../../lib/http-error';
import { newAttachmentKey } from './attachment-store';
import { detectContentType } from '../../media/content-type';
import { type MalwareScanner, type ScanVerdict, ScannerUnavailableError } from './malware-scanner';
import { logSecurityEvent } from '../../lib/security-log';
import { type ObjectStorage, countingStream } from '../../storage/object-storage';
import type { FormTokens } from './form-token';
import { spendFormToken } from './form-tokens.repository';
import { type InquiryConsent, type NewAttachment, insertInquiry, referenceExists } from './inquiries.repository';
import type { InquiryMailKind } from './inquiry-mails.repository';
import { findJob } from '../jobs/jobs.repository';
import { shownAddedFields, fieldRulesOf, inquiryTypesAt } from '../inquiry-types/inquiry-types.service';

/** The form version a form sent (`formVersion`); none or nonsense: undefined, and the current definition checks it. */
function formVersionOf(given: string): number | undefined {
  return /^\d{1,9}$/.test(given) ? Number(given) : undefined;
}

const MB = 1024 * 1024;
const contentFormField = contactFormExtras.attachment;

export const tooLarge = (detail: string) => new HttpError(413, 'payload_too_large', detail);

/** Limits handed to the multipart parser; a text field longer than `fieldSize` is refused as too large. */
export const multipartLimits = {
  fileSize: attachmentLimits.maxFileBytes,
  files: attachmentLimits.maxFiles,
  // SPEC.md's fields and extras, and every control of every type staff may add (a form sent
  // without JavaScript carries them all, empty or not): up to three per field (dates, an address).
  fields: 40 + inquiryTypeLimits.addedTypes * inquiryTypeLimits.addedFields * maxDates,
  fieldSize: 64 * 1024,
  parts: 60 + inquiryTypeLimits.addedTypes * inquiryTypeLimits.addedFields * maxDates,
  headerPairs: 100,
} as const;

/** The longest body worth reading: every file at its limit plus the text fields and multipart framing. */
export const maxRequestBytes = attachmentLimits.maxTotalBytes + 2 * MB;

/** Maps the parser's limit errors onto answers that name the limit. */
function limitError(error: unknown, fileName: string | undefined): HttpError | undefined {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(`Attachment "${fileName ?? '?'}" is larger than ${attachmentLimits.maxFileBytes / MB} MB`);
    case 'FST_FILES_LIMIT':
      return tooLarge(`Too many attachments: at most ${attachmentLimits.maxFiles} files`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return tooLarge('Too many form fields');
    default: {
      // busboy's own errors (a cut or garbled body) are plain Errors without a system code.
      const message = error instanceof Error && !(error as NodeJS.ErrnoException).code ? error.message : '';
      if (/multipart|end of form|malformed|boundary|part terminated|premature/i.test(message)) {
        return new HttpError(400, 'malformed_body', 'The multipart body is malformed or incomplete');
      }
      return undefined;
    }
  }
}

/** A stored file name: no folders, no control characters, not too long (the extension kept). */
export function cleanFileName(name: string): string {
  // Browsers escape quotes and line breaks in multipart file names (HTML standard); undo that first.
  const unescaped = name.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
  // Control characters (C0, C1), quotes and bidi controls go (`rechnung\u202Egnp.jpg` would show
  // as `rechnungjpg.png`); encoded-word syntax is broken up, since the name goes into a mail header.
  const base = (unescaped.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f"\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, '')
    .replaceAll('=?', '=_?')
    .trim();
  if (!base) return 'attachment';
  if (base.length <= attachmentLimits.maxNameLength) return base;
  const ext = extensionOf(base);
  return `${base.slice(0, attachmentLimits.maxNameLength - ext.length - 1)}.${ext}`;
}

/**
 * The stored name of a file whose content is `mime`: its extension must be one of that type's, so
 * that whoever opens the file (staff, from the inbox or the mail) gets the program its content is
 * for, never one chosen by the name (a PNG named `.pdf`, a polyglot). Otherwise the type's own
 * extension replaces it, or is added when there is none.
 */
export function nameForType(fileName: string, mime: string): string {
  const type = attachmentTypes.find((t) => t.mime === mime);
  const ext = extensionOf(fileName);
  if (!type || type.extensions.includes(ext)) return fileName;
  const base = ext ? fileName.slice(0, -(ext.length + 1)) : fileName;
  const wanted = type.extensions[0]!;
  return `${base.slice(0, attachmentLimits.maxNameLength - wanted.length - 1) || 'attachment'}.${wanted}`;
}

/**
 * The accepted type of a file, decided by its content: its first bytes must be an image, a PDF
 * or an Office document. Old Office files (one container format for all) and zipped Office
 * files the sample does not tell apart are named by their extension.
 */
export function acceptedAttachmentType(detected: { mime: string } | undefined, fileName: string): string | undefined {
  if (!detected) return undefined;
  const byMime = attachmentTypes.find((t) => t.mime === detected.mime);
  if (byMime) return byMime.mime;
  const ext = extensionOf(fileName);
  const legacy: Record<string, string[]> = {
    'application/x-cfb': ['doc', 'xls', 'ppt'],
    'application/zip': ['docx', 'xlsx', 'pptx', 'odt', 'ods'],
  };
  if (legacy[detected.mime]?.includes(ext)) return attachmentTypes.find((t) => t.extensions.includes(ext))!.mime;
  return undefined;
}

/**
 * A file stored under its random `key` (not yet referenced by a row); `fileName` as stored (its
 * extension fitting its type); `chosenName` as the visitor's form lists it.
 */
export type ReceivedFile = { key: string; size: number } & { fileName: string; chosenName: string; contentType: string };

async function receiveFile(
  part: MultipartFile,
  store: ObjectStorage,
  total: { bytes: number },
): Promise<ReceivedFile | undefined> {
  const fileName = cleanFileName(part.filename);
  const detected = await detectContentType(part.file);
  if (detected.empty) {
    throw new HttpError(400, 'validation', `Attachment "${fileName}" is empty`, {
      errors: [{ field: contentFormField, message: `${fileName}: empty file` }],
      refusal: { files: [fileName] },
    });
  }
  const contentType = acceptedAttachmentType(detected.type, fileName);
  if (!contentType) {
    detected.stream.resume();
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Attachment "${fileName}" is not an accepted type (images, PDF, Office documents)`,
      {
        errors: [{ field: contentFormField, message: `${fileName}: type not accepted` }],
        refusal: { files: [fileName] },
      },
    );
  }
  const counter = countingStream((bytes) => {
    total.bytes += bytes;
    if (total.bytes > attachmentLimits.maxTotalBytes) {
      throw tooLarge(`Attachments together are larger than ${attachmentLimits.maxTotalBytes / MB} MB`);
    }
  });
  // Straight to its final, random key: the object is stored (flushed, or acknowledged by S3)
  // before any row names it, and a crash before the row leaves an object the sweep removes.
  const key = newAttachmentKey();
  const { size } = await store.put(
    key,
    pipeline(detected.stream, counter, () => {}),
    { contentType },
  );
  if (part.file.truncated) {
    await store.remove([key]);
    throw limitError({ code: 'FST_REQ_FILE_TOO_LARGE' }, fileName);
  }
  return { key, size, fileName: nameForType(fileName, contentType), chosenName: fileName, contentType };
}

/**
 * Reads every part: text fields into lists (into `fields`, as they come), files (field
 * `attachment`) checked by their content and streamed to storage. Used by the inbox's reply too:
 * its files follow the contact form's rules. On a refusal the files already stored are removed.
 */
export async function readParts(parts: AsyncIterable<Multipart>, store: ObjectStorage, fields: Map<string, string[]>) {
  const files: ReceivedFile[] = [];
  const total = { bytes: 0 };
  let current: string | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw tooLarge(`Field ${part.fieldname} is too long`);
        const list = fields.get(part.fieldname) ?? [];
        // Browsers send line breaks in form fields as CRLF; stored and mailed as LF.
        list.push(String(part.value ?? '').replace(/\r\n?/g, '\n'));
        fields.set(part.fieldname, list);
        continue;
      }
      current = part.filename;
      // A file input left empty still sends a part without a name: nothing to keep.
      if (part.fieldname !== contentFormField || !part.filename) {
        part.file.resume();
        if (part.fieldname !== contentFormField) {
          throw new HttpError(400, 'validation', `Unexpected file field: ${part.fieldname}`, {
            errors: [{ field: part.fieldname, message: `files go in the field "${contentFormField}"` }],
          });
        }
        continue;
      }
      const file = await receiveFile(part, store, total);
      if (file) files.push(file);
    }
  } catch (error) {
    await store.remove(files.map((f) => f.key));
    throw limitError(error, current) ?? error;
  }
  return { fields, files };
}

const stepDetail: Record<Exclude<InquiryCheck, { ok: true }>['step'], string> = {
  missing: 'Missing fields: ',
  missingPrice: 'Missing price inquiry fields: ',
  invalid: 'Invalid fields: ',
};

function fieldMessage(step: Exclude<InquiryCheck, { ok: true }>['step'], field: string): string {
  if (step !== 'invalid') return 'required';
  if (field === 'email') return 'not a valid e-mail address (at most 254 characters, 64 before the @)';
  if (field === 'subject') return `must be one of the known subjects`;
  if (field === 'Regards') return 'contains an unknown value';
  return 'too long, or a line break where none is allowed';
}

/**
 * The job an application names (`jobId`, from a job page's apply link), with its title as it is
 * now, German first: kept with the application, so that the job's removal later loses nothing.
 * A value that is no job id is refused (400); a job unknown by now (removed while the visitor
 * wrote) keeps the application with the id alone. Other inquiry types ignore the field (the
 * visitor may have changed the subject after following the link).
 */
async function appliedJob(db: Db, subject: string, given: string): Promise<{ jobId: number | null; jobTitle: string | null }> {
  if (subject !== 'application' || given === '') return { jobId: null, jobTitle: null };
  const jobId = /^[1-9]\d{0,9}$/.test(given) ? Number(given) : NaN;
  if (!(jobId <= 2_147_483_647)) {
    throw new HttpError(400, 'validation', `Invalid fields: ${contactFormExtras.jobId}`, {
      errors: [{ field: contactFormExtras.jobId, message: 'must be the id of a job opening' }],
    });
  }
  // As visitors see jobs: a draft's or a lapsed opening's title is never told to whoever sends its id.
  const job = await findJob(db, jobId, { kind: 'visitor', today: berlinDate() });
  const title = job && (job.texts.title.find((t) => t.language === contentLanguageOf('de')) ?? job.texts.title[0])?.content;
  return { jobId, jobTitle: title || null };
}

/**
 * The applicant's consent to be kept for later openings (decision 050): the box ticked sends
 * `true`, with the version of the words the form showed (none: the current words). Stored with the
 * words of that version in the form's language and the time. Only an application carries one: on
 * another type the box was hidden (a form sent without JavaScript still sends a box ticked before
 * the subject was changed), so a consent there is ignored. A value other than `true`, `false` or
 * nothing, or a version the site never showed, is refused with 400 naming the field.
 */
export function applicationConsent(
  subject: string,
  given: { consent: string; version: string },
  language: 'de' | 'en',
): Omit<InquiryConsent, 'at'> | null {
  const invalid = (field: string, message: string) =>
    new HttpError(400, 'validation', `Invalid fields: ${field}`, { errors: [{ field, message }] });
  if (!['', 'false', applicationConsentValue].includes(given.consent)) {
    throw invalid(applicationConsentFields.consent, `must be "${applicationConsentValue}" (agreed) or "false"`);
  }
  if (given.version !== '' && !isApplicationConsentVersion(given.version)) {
    throw invalid(applicationConsentFields.version, 'must be a version of the consent text the site has shown');
  }
  if (subject !== 'application' || given.consent !== applicationConsentValue) return null;
  const version = given.version !== '' && isApplicationConsentVersion(given.version) ? given.version : applicationConsentVersion;
  return { version, text: applicationConsentTexts[version][language] };
}

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReference(now: Date): string {
  const bytes = crypto.randomBytes(6);
  const tail = [...bytes].map((b) => referenceAlphabet[b % referenceAlphabet.length]).join('');
  return `${now.toISOString().slice(0, 10).replaceAll('-', '')}-${tail}`;
}

export type ContactDeps = {
  db: Db;
  store: ObjectStorage;
  /** Scans each file before the inquiry is stored; undefined: no scan (CLAMD_URL unset). */
  scanner?: MalwareScanner | undefined;
  config: Config;
  kickOutbox: () => void;
  formTokens: FormTokens;
  log?: FastifyBaseLogger;
  /** Told of every inquiry stored, and whether it was kept as spam (the metrics and the visitor statistics count them). */
  onStored?: (stored: { id: number; subject: string; language: 'de' | 'en'; spam: boolean }) => void;
  /** Given the text fields as they are read, also when reading stops at a refused file (a form sent without JavaScript is shown again with them). */
  onFields?: (fields: Map<string, string[]>) => void;
  /** The form-start cookie's token: the fill time of a form sent without JavaScript (it has no token field). */
  formStartToken?: string | undefined;
};

/**
 * Every file through the scanner (ASVS 5.4.3). One found infected refuses the whole inquiry with
 * 422 `malware_found` naming the file, so that the visitor can send it again without; a scanner
 * that cannot be reached refuses it with 503 and `Retry-After`, as an unreachable database does:
 * an unscanned file is never stored, and the visitor's form keeps what they typed.
 */
export async function scanFiles(
  files: readonly ReceivedFile[],
  deps: Pick<ContactDeps, 'scanner' | 'store' | 'log'>,
): Promise<void> {
  const { scanner, store } = deps;
  if (!scanner) return;
  for (const file of files) {
    let verdict: ScanVerdict;
    try {
      const object = await store.open(file.key);
      if (!object) throw new Error(`attachment ${file.key} vanished before its scan`);
      verdict = await scanner.scan(object.stream);
    } catch (error) {
      if (!(error instanceof ScannerUnavailableError)) throw error;
      deps.log?.error({ err: error }, 'the malware scanner could not be used (CLAMD_URL); inquiry refused with 503');
      throw new HttpError(503, 'service_unavailable', 'The attachment check is not available; please try again shortly', {
        headers: { 'retry-after': '30' },
      });
    }
    if (verdict.infected) {
      if (deps.log) logSecurityEvent(deps.log, 'warn', 'malware_refused', { signature: verdict.signature });
      throw new HttpError(422, 'malware_found', `Attachment "${file.chosenName}" contains malware`, {
        errors: [{ field: contentFormField, message: `${file.chosenName}: malware found` }],
        refusal: { files: [file.chosenName] },
      });
    }
  }
}

/**
 * Receives one inquiry: files streamed to storage (disk, flushed; or S3), fields checked exactly as the form
 * checks them, then the inquiry, its files and its queued mails stored in one transaction. Only
 * then does the caller answer 201; a crash before leaves at most unreferenced files, which the
 * housekeeping sweep removes.
 */
export async function receiveInquiry(parts: AsyncIterable<Multipart>, deps: ContactDeps): Promise<ContactCreated> {
  const { db, store, config } = deps;
  const fields = new Map<string, string[]>();
  deps.onFields?.(fields);
  const { files } = await readParts(parts, store, fields);
  const text = (name: string) => (fields.get(name)?.[0] ?? '').trim();
  let committed = false;
  // Set when the database connection failed during the insert: the database may have committed
  // before the answer was lost, and then a row refers to the files. They stay; the hourly sweep
  // removes them if no row does. Never delete a file a stored inquiry may need.
  let outcomeUnknown = false;
  try {
    const values = Object.fromEntries(
      [...generalFields, ...priceInquiryFields].map((f) => [f, text(f)]),
    ) as unknown as InquiryValues;
    values.Regards = splitRegards(fields.get('Regards') ?? []);
    // Checked against the form its sender was shown, even if staff changed it meanwhile (issue 44).
    const form = await inquiryTypesAt(db, formVersionOf(text(formVersionField)));
    const rules = fieldRulesOf(form);
    const offered = form.types.filter((t) => !t.removed);
    const type = offered.find((t) => t.key === values.subject);
    // SPEC.md's fields by SPEC.md's rules, then the fields the type adds, each by its kind.
    const sent = (name: string) => (fields.get(name) ?? []).map((v) => v.trim());
    const check = joinChecks(
      checkInquiry(
        values,
        rules,
        offered.map((t) => t.key),
      ),
      checkAnswers(shownAddedFields(type), sent),
    );
    if (!check.ok) {
      throw new HttpError(400, 'validation', stepDetail[check.step] + check.fields.join(', '), {
        errors: check.fields.map((field) => ({ field, message: fieldMessage(check.step, field) })),
        refusal: { step: check.step, fields: check.fields },
      });
    }

    const job = await appliedJob(db, values.subject, text(contactFormExtras.jobId));
    const language = text(contactFormExtras.language) === 'en' ? 'en' : 'de';
    const consent = applicationConsent(
      values.subject,
      { consent: text(applicationConsentFields.consent), version: text(applicationConsentFields.version) },
      language,
    );

    await scanFiles(files, deps);

    // Sent faster than a person fills the form, counted from when it became interactive (a
    // token the server signed); no valid token at all is a script posting directly.
    const formToken = deps.formTokens.check(text(contactFormExtras.formToken) || deps.formStartToken);
    const checksFillTime = config.contact.minFillMs > 0;
    const tooQuick = checksFillTime && (formToken === undefined || formToken.age < config.contact.minFillMs);
    let spam = text(contactFormExtras.honeypot) !== '' || tooQuick;
    const now = new Date();
    let reference = newReference(now);
    while (await referenceExists(db, reference)) reference = newReference(now);
    // A field the type does not show is not kept, whatever a form sent without JavaScript carried.
    const shown = (field: AdjustableField) => rules(values.subject, field).shown;
    const optional = (name: AdjustableField) => (shown(name) && text(name)) || null;
    let mailsQueued = false;
    const attachments: NewAttachment[] = files.map((f) => ({
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
      storageKey: f.key,
    }));
    const id = await inTransaction(db, async (trx) => {
      // A token passes the fill time for one stored inquiry (issue 27, point 7): spent in the
      // inquiry's transaction, so a refused or failed send leaves it to the visitor's next try,
      // and of two posts with one token, whichever commits second is kept as spam.
      if (!spam && checksFillTime && formToken && !(await spendFormToken(trx, formToken.id, formToken.expiresAt))) spam = true;
      const mails: InquiryMailKind[] = spam ? [] : config.contact.confirmationMail ? ['inquiry', 'confirmation'] : ['inquiry'];
      mailsQueued = mails.length > 0;
      return insertInquiry(
        trx,
        {
          reference,
          subject: values.subject,
          firstName: values.firstName,
          lastName: values.lastName,
          phone: shown('phone') ? values.phone : '',
          email: values.email,
          message: values.message,
          companyName: optional('CompanyName'),
          companyAddress: optional('CompanyAddress'),
          buildingSize: optional('BuildingSize'),
          regards: shown('Regards') ? (values.Regards as Regard[]) : [],
          formVersion: form.version,
          answers: check.answers,
          language,
          spam,
          createdAt: now.toISOString(),
          ...job,
          consent: consent && { ...consent, at: now.toISOString() },
        },
        attachments,
        mails,
      );
    }).catch((error: unknown) => {
      outcomeUnknown = isDatabaseUnavailable(error);
      throw error;
    });
    committed = true;
    deps.onStored?.({ id, subject: values.subject, language, spam });
    if (mailsQueued) deps.kickOutbox();
    return { id, reference, confirmationMail: config.contact.confirmationMail };
  } finally {
    if (!committed && !outcomeUnknown) await store.remove(files.map((f) => f.key));
  }
}
