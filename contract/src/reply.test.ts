import { describe, expect, it } from 'vitest';
import { fillReplyTemplate, replyTemplatesInputSchema } from './reply';

const values = {
  firstName: 'Erika',
  lastName: 'Musterfrau',
  reference: '20261125-K7QX2M',
  companyName: 'Blitzschutz GmbH',
  companyPhone: '+49 6181 12345',
  companyEmail: 'info@blitzschutz.example',
};

describe('reply templates (issue 42)', () => {
  it('fills every placeholder, spaces inside the braces too, and leaves an unknown one as written', () => {
    const filled = fillReplyTemplate(
      {
        subject: 'Angebot {{ reference }}',
        body: 'Guten Tag {{firstName}} {{lastName}},\n{{companyName}} · {{companyPhone}} · {{companyEmail}} {{iban}}',
      },
      values,
    );
    expect(filled).toEqual({
      subject: 'Angebot 20261125-K7QX2M',
      body: 'Guten Tag Erika Musterfrau,\nBlitzschutz GmbH · +49 6181 12345 · info@blitzschutz.example {{iban}}',
    });
  });

  it('keeps a subject one line whatever a value holds', () => {
    expect(fillReplyTemplate({ subject: '{{companyName}}', body: 'x' }, { ...values, companyName: 'A\nB' }).subject).toBe('A B');
  });

  it('refuses a template in another language, without a subject, or with a subject of two lines', () => {
    const good = { name: 'Angebot', language: 'de', subject: 'Ihr Angebot', body: 'Text' };
    expect(replyTemplatesInputSchema.safeParse([good]).success).toBe(true);
    expect(replyTemplatesInputSchema.safeParse([{ ...good, language: 'fr' }]).success).toBe(false);
    expect(replyTemplatesInputSchema.safeParse([{ ...good, subject: ' ' }]).success).toBe(false);
    expect(replyTemplatesInputSchema.safeParse([{ ...good, subject: 'a\nb' }]).success).toBe(false);
  });
});
