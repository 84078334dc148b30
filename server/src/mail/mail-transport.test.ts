import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailTransport } from './mail-transport';

describe('the mail transport without SMTP_URL', () => {
  it('logs that a mail was not sent, without any personal data', async () => {
    let written = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written += chunk;
        done();
      },
    });
    const transport = createMailTransport(undefined, pino({ level: 'info' }, sink));
    await transport.send({
      from: 'site@example.com',
      to: 'Erika Muster <erika.muster@example.org>',
      replyTo: 'max@example.net',
      subject: 'Preisanfrage von Max Mustermann (ACME GmbH)',
      text: 'Telefon: +49 171 1234567\nNachricht: Bitte um Angebot',
      attachments: [{ filename: 'lebenslauf-max-mustermann.pdf', content: 'x' }],
    });
    expect(transport.mode).toBe('log');
    const entry = JSON.parse(written);
    expect(entry.mail).toEqual({ textLength: 52, attachments: 1 });
    for (const secret of [
      'Erika',
      'erika.muster',
      'example.org',
      'max@',
      'Mustermann',
      'ACME',
      '1234567',
      'Angebot',
      'lebenslauf',
    ]) {
      expect(written).not.toContain(secret);
    }
  });
});
