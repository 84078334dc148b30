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

/** Whether the SMTP server is this machine: mail to it never crosses a network. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * nodemailer's options for SMTP_URL. Inquiries carry personal data, so a mail server elsewhere
 * must take them over TLS: `smtps://` from the start, or `smtp://` upgraded with STARTTLS, which
 * is then required (a server that does not offer it, or a network that strips it, fails the try
 * instead of getting the mail in plain text). A relay on this machine is exempt. Options in the
 * URL's query win (`?requireTLS=false` for a trusted relay on a private network).
 */
export function smtpOptions(smtpUrl: string, timeouts: SmtpTimeouts): SmtpOptions {
  const url = new URL(smtpUrl);
  return {
    url: smtpUrl,
    requireTLS: url.protocol === 'smtp:' && !isLoopback(url.hostname),
    // A server that does not connect or greet is a failed try, retried later.
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.connectMs,
    // Silence on an open connection: the longest wait is for the reply to the end of data,
    // which RFC 5321 §4.5.3.2.6 gives 10 minutes. The server may have stored the mail already,
    // so giving up sooner and retrying sends it again.
    socketTimeout: timeouts.dataMs,
  };
}

/** The domain of an e-mail address, lower-cased. */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

export type SmtpTimeouts = { connectMs: number; dataMs: number };

export function createMailTransport(
  smtpUrl: string | undefined,
  log: FastifyBaseLogger,
  timeouts: SmtpTimeouts = { connectMs: 30_000, dataMs: 600_000 },
): MailTransport {
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
  const transporter = nodemailer.createTransport(smtpOptions(smtpUrl, timeouts));
  return {
    mode: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
