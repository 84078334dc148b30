import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = Mail.Options;

// nodemailer reads `url` besides the connection options; its types only know the latter.
type SmtpOptions = SMTPTransport.Options & { url: string };

/**
 * How mail leaves the server. With SMTP_URL: through that server. Without: it is not sent, the
 * log says so without personal data, and the inquiry stays stored for staff to read.
 */
export type MailTransport = { mode: 'smtp' | 'log'; send(message: MailMessage): Promise<void>; close(): void };

export function createMailTransport(smtpUrl: string | undefined, log: FastifyBaseLogger, timeoutMs = 30_000): MailTransport {
  if (!smtpUrl) {
    return {
      mode: 'log',
      async send(message) {
        // No personal data in the log: the inquiry itself (with every field) stays in the
        // database, where retention deletes it; the log only says that a mail would have gone out.
        log.info(
          {
            mail: {
              textLength: String(message.text ?? '').length,
              attachments: (message.attachments ?? []).length,
            },
          },
          'mail not sent (no SMTP_URL set); the inquiry is stored',
        );
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A hung server must not hold a lease for long; the outbox retries later.
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as SmtpOptions);
  return {
    mode: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
