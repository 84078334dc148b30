import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP server on the loopback interface for one test file, closed after it: the mails it
 * took (envelope recipients and raw text), and `refuse`, addresses it answers 550 at RCPT TO;
 * `size`, the largest message it announces to take (SIZE), as a provider's server does.
 */
export function useSmtp(options: { refuse?: string[]; size?: number } = {}) {
  const received: ReceivedMail[] = [];
  const refused = new Set(options.refuse ?? []);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...(options.size ? { size: options.size } : {}),
    onRcptTo(address, _session, callback) {
      callback(refused.has(address.address) ? new Error(`550 no mailbox ${address.address}`) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    received,
    /** Starts listening; answers the `SMTP_URL` for the site. */
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    },
  };
}
