import os from 'node:os';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SmtpSink } from '../test/smtp-sink';
import { createMailTransport, smtpOptions } from './mail-transport';

const silent = pino({ level: 'silent' });
const message = { from: 'site@example.com', to: 'info@example.com', subject: 'Anfrage', text: 'Hallo' };
const timeouts = { connectMs: 1000, dataMs: 1000 };

/** An address of this machine that is not loopback, if it has one. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('TLS for mail leaving this machine', () => {
  it('is required for smtp:// to another host, not for a relay on this machine or smtps://', () => {
    expect(smtpOptions('smtp://mail.example.com:587', timeouts).requireTLS).toBe(true);
    expect(smtpOptions('smtp://user:pw@10.0.0.5:25', timeouts).requireTLS).toBe(true);
    for (const local of ['smtp://127.0.0.1:2525', 'smtp://localhost:25', 'smtp://[::1]:25', 'smtp://LOCALHOST']) {
      expect(smtpOptions(local, timeouts).requireTLS, local).toBe(false);
    }
    expect(smtpOptions('smtps://mail.example.com:465', timeouts).requireTLS).toBe(false);
  });

  it.runIf(networkAddress)(
    'refuses to hand a mail to a server elsewhere that offers no STARTTLS, unless the URL allows it',
    async () => {
      const sink = await SmtpSink.start(0, '0.0.0.0');
      try {
        const remote = createMailTransport(`smtp://${networkAddress}:${sink.port}`, silent, { connectMs: 5000, dataMs: 5000 });
        await expect(remote.send(message)).rejects.toThrow(/STARTTLS/i);
        remote.close();
        expect(sink.received).toEqual([]);
        const allowed = createMailTransport(`smtp://${networkAddress}:${sink.port}/?requireTLS=false`, silent, {
          connectMs: 5000,
          dataMs: 5000,
        });
        await allowed.send(message);
        allowed.close();
        expect(sink.received).toHaveLength(1);
      } finally {
        await sink.stop();
      }
    },
  );
});

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
