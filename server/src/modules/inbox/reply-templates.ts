import crypto from 'node:crypto';
import { type ReplyTemplate, type ReplyTemplatesInput, replyTemplatesSchema } from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { fieldChanges, recordChange } from '../audit/audit.recorder';
import { readReplyTemplatesValue, writeReplyTemplatesValue } from './reply-templates.repository';

/**
 * The templates a site starts with, until an admin saves their own: per language a cover letter
 * for an offer and a request for more details. Placeholders (`{{firstName}}` …) are filled in
 * the dashboard when a template is chosen (`fillReplyTemplate`, contract).
 */
export const defaultReplyTemplates: readonly ReplyTemplate[] = [
  {
    id: 'offer-de',
    name: 'Angebot',
    language: 'de',
    subject: 'Ihr Angebot von {{companyName}} (Referenz {{reference}})',
    body: [
      'Guten Tag {{firstName}} {{lastName}},',
      '',
      'vielen Dank für Ihre Anfrage. Im Anhang finden Sie unser Angebot als PDF.',
      '',
      'Haben Sie Fragen dazu oder möchten Sie etwas ändern? Antworten Sie einfach auf diese E-Mail oder rufen Sie uns unter {{companyPhone}} an.',
      '',
      'Mit freundlichen Grüßen',
      '{{companyName}}',
      '{{companyPhone}} · {{companyEmail}}',
    ].join('\n'),
  },
  {
    id: 'details-de',
    name: 'Rückfrage',
    language: 'de',
    subject: 'Rückfrage zu Ihrer Anfrage (Referenz {{reference}})',
    body: [
      'Guten Tag {{firstName}} {{lastName}},',
      '',
      'vielen Dank für Ihre Anfrage. Damit wir Ihnen ein passendes Angebot machen können, benötigen wir noch einige Angaben:',
      '',
      '- ',
      '',
      'Antworten Sie einfach auf diese E-Mail. Gern können Sie uns auch unter {{companyPhone}} anrufen.',
      '',
      'Mit freundlichen Grüßen',
      '{{companyName}}',
      '{{companyPhone}} · {{companyEmail}}',
    ].join('\n'),
  },
  {
    id: 'offer-en',
    name: 'Offer',
    language: 'en',
    subject: 'Your offer from {{companyName}} (reference {{reference}})',
    body: [
      'Dear {{firstName}} {{lastName}},',
      '',
      'thank you for your inquiry. Please find our offer attached as a PDF.',
      '',
      'If you have any questions or would like to change anything, simply reply to this e-mail or call us on {{companyPhone}}.',
      '',
      'Kind regards',
      '{{companyName}}',
      '{{companyPhone}} · {{companyEmail}}',
    ].join('\n'),
  },
  {
    id: 'details-en',
    name: 'More details',
    language: 'en',
    subject: 'A question about your inquiry (reference {{reference}})',
    body: [
      'Dear {{firstName}} {{lastName}},',
      '',
      'thank you for your inquiry. To make you a suitable offer, we need a few more details:',
      '',
      '- ',
      '',
      'Simply reply to this e-mail, or call us on {{companyPhone}}.',
      '',
      'Kind regards',
      '{{companyName}}',
      '{{companyPhone}} · {{companyEmail}}',
    ].join('\n'),
  },
];

/** The saved templates, or the shipped ones while none were saved (or the saved value cannot be read). */
export async function readReplyTemplates(db: Db): Promise<ReplyTemplate[]> {
  const stored = await readReplyTemplatesValue(db);
  if (stored !== undefined) {
    try {
      const parsed = replyTemplatesSchema.safeParse(JSON.parse(stored));
      if (parsed.success) return parsed.data;
    } catch {
      // A broken value falls back to the shipped templates.
    }
  }
  return defaultReplyTemplates.map((t) => ({ ...t }));
}

/**
 * Saves the whole list: ids kept, a new template (no id, or one taken twice) given a fresh one;
 * recorded in the audit trail (which templates were added, changed or removed, by name).
 */
export async function writeReplyTemplates(db: Db, input: ReplyTemplatesInput): Promise<ReplyTemplate[]> {
  return inTransaction(db, async (trx) => {
    const before = await readReplyTemplates(trx);
    const taken = new Set<string>();
    const templates = input.map((t): ReplyTemplate => {
      let id = t.id;
      if (!id || taken.has(id)) id = `t-${crypto.randomBytes(6).toString('hex')}`;
      taken.add(id);
      return { id, name: t.name, language: t.language, subject: t.subject, body: t.body };
    });
    await writeReplyTemplatesValue(trx, JSON.stringify(templates));
    const flat = (list: readonly ReplyTemplate[]) =>
      Object.fromEntries(list.map((t) => [`${t.name} (${t.language})`, JSON.stringify([t.subject, t.body])]));
    const a = flat(before);
    const b = flat(templates);
    const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    // Texts only as changed, never before → after: a long text tells the trail nothing.
    const changes = fieldChanges(a, b, names).map((c) => ({ ...c, before: null, after: null }));
    if (changes.length > 0)
      await recordChange(trx, { action: 'update', kind: 'replyTemplates', id: null, title: 'Reply templates', changes });
    return templates;
  });
}
