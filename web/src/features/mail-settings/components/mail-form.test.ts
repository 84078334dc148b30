import { describe, expect, it } from 'vitest';
import { checkMailForm, mailFormValues } from './mail-form';

const settings = {
  recipients: { generalMessage: ['info@firma.de'], priceInquiry: ['a@firma.de', 'b@firma.de'], application: ['hr@firma.de'] },
  sender: 'web@firma.de',
  replyTo: 'info@firma.de',
};

describe('the mail settings form', () => {
  it('shows one address a line and reads lines, commas and semicolons back', () => {
    const values = mailFormValues(settings);
    expect(values.recipients.priceInquiry).toBe('a@firma.de\nb@firma.de');
    const checked = checkMailForm({
      ...values,
      recipients: { ...values.recipients, priceInquiry: ' a@firma.de; b@firma.de\n\n' },
    });
    // The notification's language is sent spelled out: German where the settings had none.
    expect(checked).toEqual({ ok: true, settings: { ...settings, notificationLanguage: 'de' } });
  });

  it('names each field that is wrong, with the reason', () => {
    const values = mailFormValues(settings);
    const checked = checkMailForm({
      recipients: { generalMessage: '', priceInquiry: 'a@firma.de\nnot-an-address', application: 'hr@firma.de\nHR@firma.de' },
      sender: 'web',
      replyTo: values.replyTo,
      notificationLanguage: 'en',
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        'recipients.generalMessage': 'mailSettings:errors.required',
        'recipients.priceInquiry': 'mailSettings:errors.address',
        'recipients.application': 'mailSettings:errors.twice',
        sender: 'mailSettings:errors.address',
      },
    });
  });
});
