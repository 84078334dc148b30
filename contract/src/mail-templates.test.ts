import { describe, expect, it } from 'vitest';
import {
  mailTemplateSaveSchema,
  placeholderProblems,
  templatePieces,
  unknownPlaceholders,
  type MailTemplate,
} from './mail-templates';

const template = { type: 'application', kind: 'confirmation', language: 'de', subject: 'Ihre Anfrage {reference}' } as const;

describe('mail template placeholders', () => {
  it('splits text and placeholders; a doubled brace is a literal brace, a lone one stays as it is', () => {
    expect(templatePieces('Ref {reference}: {{x}} { a')).toEqual([
      { text: 'Ref ' },
      { placeholder: 'reference' },
      { text: ': ' },
      { text: '{' },
      { text: 'x' },
      { text: '}' },
      { text: ' { a' },
    ]);
  });

  it('names each unknown placeholder once, as written', () => {
    expect(unknownPlaceholders('{referenz} und {reference}, {referenz}, {company name}', 'confirmation')).toEqual([
      '{referenz}',
      '{company name}',
    ]);
    expect(unknownPlaceholders('{{referenz}}', 'confirmation')).toEqual([]);
  });

  it('refuses what the visitor typed in the confirmation, and allows it in the notification', () => {
    const body = 'Guten Tag {visitorName},\n{message}';
    expect(placeholderProblems({ kind: 'confirmation', subject: 'x', body })).toEqual([
      { field: 'body', placeholder: '{visitorName}', reason: 'visitorTyped' },
      { field: 'body', placeholder: '{message}', reason: 'visitorTyped' },
    ]);
    expect(placeholderProblems({ kind: 'notification', subject: 'x', body })).toEqual([]);
    // The confirmation's list of the fields sent is not the notification's fields with their values.
    expect(unknownPlaceholders('{fieldsSent}', 'notification')).toEqual(['{fieldsSent}']);
  });

  it('keeps blocks out of the subject', () => {
    expect(placeholderProblems({ kind: 'notification', subject: 'Neu: {fields}', body: '{fields}' })).toEqual([
      { field: 'subject', placeholder: '{fields}', reason: 'block' },
    ]);
  });
});

describe('the save schema', () => {
  it('takes back what GET answered, ignoring the shipped words', () => {
    const read: MailTemplate = {
      ...template,
      body: 'Wir antworten innerhalb von zwei Wochen.',
      defaultSubject: 'a',
      defaultBody: 'b',
      isDefault: false,
      updatedAt: '2026-11-27T10:00:00.000Z',
    };
    expect(mailTemplateSaveSchema.parse(read)).toEqual({
      ...template,
      body: 'Wir antworten innerhalb von zwei Wochen.',
      updatedAt: '2026-11-27T10:00:00.000Z',
    });
  });

  it('refuses an unknown placeholder on the field it is in, naming it; and a subject of two lines or too long', () => {
    const bad = mailTemplateSaveSchema.safeParse({ ...template, body: 'Hallo {visitorNam}' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['body', expect.stringMatching(/^unknown placeholder \{visitorNam\}; this mail can use \{reference\}/)],
    ]);
    const typed = mailTemplateSaveSchema.safeParse({ ...template, body: 'Hallo {visitorName}' });
    expect(typed.error?.issues[0]?.message).toMatch(/never repeats what the visitor typed/);
    for (const subject of ['a\nb', 'x'.repeat(201), ' ']) {
      expect(mailTemplateSaveSchema.safeParse({ ...template, subject, body: 'x' }).error?.issues[0]?.path).toEqual(['subject']);
    }
    expect(mailTemplateSaveSchema.safeParse({ ...template, body: 'x'.repeat(10_001) }).success).toBe(false);
    expect(mailTemplateSaveSchema.safeParse({ ...template, body: 'x', extra: 1 }).success).toBe(false);
    expect(mailTemplateSaveSchema.parse({ ...template, body: 'a\r\nb' }).body).toBe('a\nb');
  });
});
