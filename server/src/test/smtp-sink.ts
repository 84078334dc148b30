import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

/** A received mail: the envelope as the SMTP server saw it, and the parsed message. */
export type ReceivedMail = { from: string; to: string[]; mail: ParsedMail };

const sinks: SmtpSink[] = [];
afterEach(async () => {
  while (sinks.length) await sinks.pop()!.stop();
});

/**
 * A real SMTP server on the loopback interface, for the mail tests. It can be started late or
 * stopped and started again on the same port, to play a mail server that is down.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** A fault to play: answer the message with this SMTP code (4xx: try later, 5xx: rejected). */
  rejectWith: number | undefined;
  /** A fault to play: refuse these recipients at RCPT TO with 550 (an address the server does not take). */
  refuseRecipients = new Set<string>();
  /** A fault to play: accept connections but never greet, so the client times out. */
  hang = false;
  /** A fault to play: take the message in but never answer it (a send cut off mid-way). */
  stallData = false;
  /** A fault to play: store each message, then wait this long before answering its end of data. */
  answerDelayMs = 0;
  /** How many messages were taken in and left unanswered. */
  stalled = 0;
  private server: SMTPServer | undefined;
  private constructor(
    public port: number,
    private readonly host: string,
  ) {}

  /** A sink on a free port of 127.0.0.1 (or of `host`, e.g. 0.0.0.0 to be reached from the network). */
  static async start(port = 0, host = '127.0.0.1'): Promise<SmtpSink> {
    const sink = new SmtpSink(port, host);
    sinks.push(sink);
    await sink.listen();
    return sink;
  }

  /** A port nothing listens on yet: the sink can be started there later with `listen()`. */
  static async reserve(): Promise<SmtpSink> {
    const sink = await SmtpSink.start();
    await sink.stop();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 60 * 1024 * 1024,
      onConnect: (_session, callback) => {
        if (!this.hang) callback();
      },
      onRcptTo: (address, _session, callback) => {
        if (!this.refuseRecipients.has(address.address)) return callback();
        callback(Object.assign(new Error(`550 mailbox ${address.address} unknown`), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        if (this.stallData) {
          this.stalled++;
          stream.resume();
          return;
        }
        if (this.rejectWith) {
          const code = this.rejectWith;
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error(`${code} fault played by the test`), { responseCode: code })));
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              mail,
            });
            if (this.answerDelayMs > 0) setTimeout(callback, this.answerDelayMs);
            else callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, this.host, () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `count` mails arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.received;
  }
}
