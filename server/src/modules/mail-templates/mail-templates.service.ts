import crypto from 'node:crypto';
import { z } from 'zod';
import {
  type InquiryType,
  type MailPreview,
  type MailTemplate,
  type MailTemplateKind,
  type MailTemplateLanguage,
  type MailTemplateTestResult,
  berlinDate,
  mailTemplateKinds,
  mailTemplateLanguages,
  placeholderProblems,
} from '@blitz/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { HttpError, badRequest } from '../../lib/http-error';
import type { MailTransport } from '../../mail/mail-transport';
import { recordChange } from '../audit/audit.recorder';
import { staleSave } from '../audit/edit-version';
import { getCompanyDetails } from '../company/company-details.service';
import { getMailSettings, senderAddress } from '../mail-settings/mail-settings.service';
import { type TemplateWords, defaultTemplates } from './mail-template-defaults';
import {
  type MailAttachment,
  type MailInquiry,
  companyValues,
  confirmationValues,
  notificationValues,
  renderMail,
} from './mail-rendering';
import { shownAddedFields, currentInquiryTypes } from '../inquiry-types/inquiry-types.service';
import { mailTemplateEntry } from './mail-templates-audit';
import { lockMailTemplatesRow, readMailTemplatesRow, writeMailTemplatesRow } from './mail-templates.repository';

/** The inquiry types a template may be for: the form's types now, those staff added among them (issue 44). */
async function knownTypes(db: Db): Promise<InquiryType[]> {
  return (await currentInquiryTypes(db)).types.filter((type) => !type.removed);
}

type TemplateKey = { type: string; kind: MailTemplateKind; language: MailTemplateLanguage };
const idOf = (key: TemplateKey) => `${key.type}.${key.kind}.${key.language}`;

const savedSchema = z.object({ subject: z.string(), body: z.string(), updatedAt: z.string() });
type Saved = z.infer<typeof savedSchema>;

/**
 * The saved templates by id. One that no longer reads (hand-edited, or using a placeholder a later
 * release dropped) is left out, and its mail goes back to the shipped words rather than failing.
 */
async function readSaved(db: Db): Promise<Map<string, Saved>> {
  const row = await readMailTemplatesRow(db);
  const saved = new Map<string, Saved>();
  if (typeof row !== 'object' || row === null) return saved;
  for (const [id, value] of Object.entries(row)) {
    const parsed = savedSchema.safeParse(value);
    const kind = id.split('.')[1] as MailTemplateKind;
    if (parsed.success && mailTemplateKinds.includes(kind) && placeholderProblems({ kind, ...parsed.data }).length === 0)
      saved.set(id, parsed.data);
  }
  return saved;
}

function templateOf(key: TemplateKey, saved: Saved | undefined): MailTemplate {
  const shipped = defaultTemplates[key.kind][key.language];
  return {
    ...key,
    subject: saved?.subject ?? shipped.subject,
    body: saved?.body ?? shipped.body,
    defaultSubject: shipped.subject,
    defaultBody: shipped.body,
    isDefault: !saved,
    updatedAt: saved?.updatedAt ?? null,
  };
}

/** Every template: each inquiry type × kind × language, with the words in use and the shipped ones. */
export async function listMailTemplates(db: Db): Promise<MailTemplate[]> {
  const saved = await readSaved(db);
  return (await knownTypes(db)).flatMap(({ key: type }) =>
    mailTemplateKinds.flatMap((kind) =>
      mailTemplateLanguages.map((language) => templateOf({ type, kind, language }, saved.get(idOf({ type, kind, language })))),
    ),
  );
}

/** The words each mail is written with, as staff last saved them: read when the outbox renders a mail. */
export type MailTemplateWords = (key: TemplateKey) => TemplateWords;

export async function mailTemplateWords(db: Db): Promise<MailTemplateWords> {
  const saved = await readSaved(db);
  return (key) => saved.get(idOf(key)) ?? defaultTemplates[key.kind][key.language];
}

/** The type a template is for, refused (400) if the form has no such type. */
async function checkType(db: Db, key: string): Promise<InquiryType> {
  const types = await knownTypes(db);
  const type = types.find((t) => t.key === key);
  if (!type) throw badRequest('type', `unknown inquiry type ${key}; the types are ${types.map((t) => t.key).join(', ')}`);
  return type;
}

/**
 * Saves one template (its placeholders were checked by the route's schema). The shipped words
 * saved back are no saved template: the mail follows the shipped words again, also those of a
 * later release. A save carrying the `updatedAt` it read is refused if the template changed since.
 */
export async function saveMailTemplate(
  db: Db,
  input: TemplateKey & TemplateWords & { updatedAt?: string | null | undefined },
): Promise<MailTemplate> {
  await checkType(db, input.type);
  const key: TemplateKey = { type: input.type, kind: input.kind, language: input.language };
  const id = idOf(key);
  const shipped = defaultTemplates[key.kind][key.language];
  return inTransaction(db, async (trx) => {
    await lockMailTemplatesRow(trx);
    const row = await readMailTemplatesRow(trx);
    const stored: Record<string, unknown> = typeof row === 'object' && row !== null ? { ...row } : {};
    const before = (await readSaved(trx)).get(id);
    if (input.updatedAt !== undefined && input.updatedAt !== (before?.updatedAt ?? null))
      throw await staleSave(trx, 'mailTemplate', id, before?.updatedAt ?? null);
    const isShipped = input.subject === shipped.subject && input.body === shipped.body;
    const after: Saved | undefined = isShipped
      ? undefined
      : { subject: input.subject, body: input.body, updatedAt: new Date().toISOString() };
    if (after) stored[id] = after;
    else delete stored[id];
    await writeMailTemplatesRow(trx, stored);
    await recordChange(trx, mailTemplateEntry(id, before ?? shipped, after ?? shipped));
    return templateOf(key, after);
  });
}

/**
 * An invented inquiry of the type, in the template's language, to show a template with; a type
 * staff added answers each of its fields with "Beispiel" / "Example" under its label.
 */
function sampleInquiry(type: InquiryType, language: MailTemplateLanguage): { inquiry: MailInquiry; files: MailAttachment[] } {
  const de = language === 'de';
  const price = type.key === 'priceInquiry';
  const application = type.key === 'application';
  const example = { de: 'Beispiel', en: 'Example' };
  return {
    inquiry: {
      reference: `${berlinDate().replace(/-/g, '')}-MUSTER`,
      subject: type.key,
      typeNames: type.builtIn ? undefined : type.names,
      answered: shownAddedFields(type).map((field) => ({ label: field.labels, text: example })),
      firstName: 'Max',
      lastName: 'Mustermann',
      phone: '+49 6181 123456',
      email: 'max.mustermann@example.org',
      message: de
        ? 'Dies ist eine Beispielanfrage.\nSo sieht die E-Mail zu einer echten Anfrage aus.'
        : 'This is a sample inquiry.\nThis is how the e-mail about a real inquiry looks.',
      companyName: price ? 'Beispiel Logistik GmbH' : null,
      companyAddress: price ? 'Hafenstraße 5\n60311 Frankfurt am Main' : null,
      buildingSize: price ? '2400 m²' : null,
      regards: price ? ['lps', 'maintenance'] : [],
      language,
      createdAt: new Date().toISOString(),
      jobTitle: application ? (de ? 'Blitzschutzmonteur (m/w/d)' : 'Lightning protection installer (m/f/d)') : null,
      consent: application ? { version: '1' } : null,
    },
    files: [{ fileName: application ? 'Lebenslauf.pdf' : 'Grundriss.pdf', contentType: 'application/pdf', size: 245_760 }],
  };
}

/** A template's words with the sample inquiry and the company's saved details (nothing saved). */
export async function previewMailTemplate(db: Db, template: TemplateKey & TemplateWords): Promise<MailPreview> {
  const { inquiry, files } = sampleInquiry(await checkType(db, template.type), template.language);
  const { settings: company } = await getCompanyDetails(db);
  const values =
    template.kind === 'notification'
      ? notificationValues(inquiry, files, template.language)
      : confirmationValues(inquiry, files, inquiry.jobTitle);
  return renderMail(template.kind, template, { ...values, ...companyValues(company) });
}

export type MailTemplateTestDeps = {
  db: Db;
  config: Pick<Config, 'contactToBySubject' | 'mailFrom'>;
  transport: MailTransport;
  /** The site's own domain: the right-hand side of the Message-ID, as the mail settings' test. */
  domain: string;
  /** The signed-in user's address (the accounts' domain hands it in). */
  mailAddressOf: (db: Db, userId: number) => Promise<{ name: string; email: string | null } | undefined>;
};

/**
 * The sample, rendered as the preview shows it, sent to the signed-in user's own address: the
 * one address the sender can be sure is theirs, and no stranger is mailed words under test.
 * Without SMTP_URL nothing leaves the server, and the answer says so.
 */
export async function sendMailTemplateTest(
  deps: MailTemplateTestDeps,
  userId: number,
  template: TemplateKey & TemplateWords,
): Promise<MailTemplateTestResult> {
  const preview = await previewMailTemplate(deps.db, template);
  const account = await deps.mailAddressOf(deps.db, userId);
  if (!account?.email)
    throw new HttpError(
      409,
      'no_mail_address',
      'Your account has no e-mail address to send the test mail to; add one to your account',
    );
  const address = account.email;
  if (deps.transport.mode === 'log')
    return { address, accepted: false, error: 'No mail server is set up (SMTP_URL): nothing was sent.', reason: 'noMailServer' };
  const mail = await getMailSettings(deps.db, deps.config);
  const { settings: company } = await getCompanyDetails(deps.db);
  try {
    await deps.transport.send({
      from: {
        name: template.kind === 'notification' ? `${company.name} Website` : company.name,
        address: senderAddress(mail, deps.config.mailFrom),
      },
      replyTo: mail.replyTo,
      to: address,
      // Marked, so that the sample is never taken for a real inquiry.
      subject: `Test: ${preview.subject}`,
      text: preview.text,
      ...(preview.html === null ? {} : { html: preview.html }),
      messageId: `<template-test-${crypto.randomUUID()}@${deps.domain}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    return { address, accepted: true, error: null, reason: null };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    return { address, accepted: false, error: message, reason: 'mailServer' };
  }
}
