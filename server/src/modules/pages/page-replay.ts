import crypto from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { berlinDate } from '@blitz/contract';
import type { AnsweredReply, AnsweredRequest, Answers } from '../../lib/answered';
import { type EncodedBody, type Encoding, acceptedEncoding, noteUse } from '../../lib/encoded-body';
import { logAnswer } from '../../lib/request-log';

/** What the replay needs of the app, given once it is built. */
export type PageReplayDeps = {
  /** The content version as this instance knows it now, without a read (undefined: the next request reads it). */
  knownVersion: () => string | undefined;
  answers: Answers;
  log: FastifyBaseLogger;
  /** As Fastify's `trustProxy`: whose X-Forwarded-* headers are believed. */
  trustProxy: boolean | string | string[];
  /** The cookies that carry a staff member's sign-in (the preview of drafts, the dashboard's): a request with one is never replayed. */
  staffCookieNames: readonly string[];
  /** Told of each page replayed (the metrics count it as a hit of the page cache). */
  onReplay?: () => void;
};

/** A kept page's answer as Fastify sent it, and what the work after an answer reads of the request. */
type Entry = {
  contentVersion: string;
  day: string;
  /** The answer's headers but the request's own (id, length, date, connection). */
  headers: Readonly<Record<string, OutgoingHttpHeader>>;
  /** The same as `writeHead` takes them: name, value, name, value, … */
  flatHeaders: readonly string[];
  body: EncodedBody;
  encoding: Encoding | 'identity';
  protocol: string;
  routeOptions: { readonly url: string | undefined };
  // Parsed once from the request it was captured from: the replayed ones have the same address and cookies.
  query: unknown;
  params: unknown;
  cookies: Record<string, string | undefined>;
};

/**
 * At most this many answers kept, and pages of this many bytes (a page with its compressed forms
 * counted as twice its size, once however many answers share it): then they are all forgotten and
 * kept again as requests come. The pages are mostly those the page cache holds anyway.
 */
const maxEntries = 2000;
const maxBytes = 32 * 1024 * 1024;

// The request's own headers, made anew for each answer.
const ownHeaders = new Set(['x-request-id', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** As Fastify reads a header sent more than once: the last value. */
const lastEntry = (header: string | string[]) => {
  const value = Array.isArray(header) ? header.join(',') : header;
  const comma = value.lastIndexOf(',');
  return (comma === -1 ? value : value.slice(comma + 1)).trim();
};

/** As Fastify compiles its `trustProxy` (fastify/lib/request.js), for the three forms our config takes. */
function trustFunction(trust: boolean | string | string[]): (address: string, hop: number) => boolean {
  if (typeof trust === 'boolean') return () => trust;
  return proxyAddr.compile(typeof trust === 'string' ? trust.split(',').map((value) => value.trim()) : trust);
}

/**
 * Kept pages answered before Fastify (decision 039). When Fastify sends a page kept for the
 * current content version, its answer (headers and body) is kept under what the answer depends
 * on: the scheme, the encoding taken, the address and the cookies. The next request alike is
 * answered with it at the HTTP server, without routing, hooks or the page's own reads, while the
 * content version known without a read is still the one it was made under (and the Berlin day
 * the same: the jobs pages change at midnight). The work after an answer (metrics, origin note,
 * visitor count, log line) runs through the same listeners as for Fastify's answers.
 *
 * Never replayed: anything but GET, a request with a body, credentials, a condition
 * (If-None-Match: Fastify answers 304) or a preview cookie, and every request while the version
 * is not known (the notification channel down, or just changed) or the server is closing.
 */
export class PageReplay {
  private deps: PageReplayDeps | undefined;
  private trusts: (address: string, hop: number) => boolean = () => false;
  private readonly entries = new Map<string, Entry>();
  private entriesVersion: string | undefined;
  private readonly bodies = new Set<EncodedBody>();
  private bytes = 0;
  private readonly offers = new WeakMap<FastifyRequest, { body: EncodedBody; version: string }>();
  private readonly encodings = new Map<string, Encoding | 'identity'>();
  private day = '';
  private dayCheckedUntil = 0;

  /** Replays from now on. */
  start(deps: PageReplayDeps): void {
    this.deps = deps;
    this.trusts = trustFunction(deps.trustProxy);
  }

  /** Replays no more (the server is closing: Fastify answers, with its 503 or `connection: close`). */
  stop(): void {
    this.deps = undefined;
    this.forget();
  }

  private forget(): void {
    this.entries.clear();
    this.bodies.clear();
    this.bytes = 0;
  }

  /** The version a page's answer is made under: read by the page's route before it reads anything. */
  knownVersion(): string | undefined {
    return this.deps?.knownVersion();
  }

  /**
   * A kept page about to be sent (by the page route, before Fastify's hooks run): kept once sent,
   * if the version is still the one known when the route began.
   */
  offer(request: FastifyRequest, body: EncodedBody, versionAtStart: string | undefined): void {
    if (versionAtStart !== undefined && this.deps) this.offers.set(request, { body, version: versionAtStart });
  }

  /** Keeps an offered answer, with its headers as the hooks left them (the pages' onSend hook, the last). */
  capture(request: FastifyRequest, reply: FastifyReply): void {
    const offered = this.offers.get(request);
    const deps = this.deps;
    if (!offered || !deps) return;
    this.offers.delete(request);
    if (reply.statusCode !== 200 || offered.version !== deps.knownVersion()) return;
    const key = this.keyOf(request.raw);
    if (key === undefined || this.protocolOf(request.raw) !== request.protocol) return;
    const headers: Record<string, OutgoingHttpHeader> = {};
    const flatHeaders: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || ownHeaders.has(name)) continue;
      headers[name] = value;
      for (const one of Array.isArray(value) ? value : [value]) flatHeaders.push(name, String(one));
    }
    const size = this.bodies.has(offered.body) ? 0 : 2 * offered.body.raw.length;
    if (this.entriesVersion !== offered.version || this.entries.size >= maxEntries || this.bytes + size > maxBytes) {
      this.forget();
      this.entriesVersion = offered.version;
    }
    if (!this.bodies.has(offered.body)) {
      this.bodies.add(offered.body);
      this.bytes += 2 * offered.body.raw.length;
    }
    this.entries.set(key, {
      contentVersion: offered.version,
      day: berlinDate(),
      headers,
      flatHeaders,
      body: offered.body,
      encoding: this.encodingOf(request.headers['accept-encoding']),
      protocol: request.protocol,
      routeOptions: { url: request.routeOptions.url },
      query: request.query,
      params: request.params,
      cookies: request.cookies,
    });
  }

  /** Answers with a kept page if one was kept for a request alike; false: Fastify answers. */
  serve(raw: IncomingMessage, response: ServerResponse): boolean {
    const deps = this.deps;
    if (!deps || this.entries.size === 0) return false;
    const key = this.keyOf(raw);
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (!entry || entry.contentVersion !== deps.knownVersion() || entry.day !== this.today()) return false;
    const body = entry.encoding === 'identity' ? entry.body.raw : entry.body[entry.encoding];
    if (!body) return false;
    if (entry.encoding !== 'identity') noteUse(entry.body);
    const startedAt = performance.now();
    const id = crypto.randomUUID();
    const head = [...entry.flatHeaders, 'x-request-id', id, 'content-length', String(body.length)];
    response.writeHead(200, head);
    response.end(body);
    deps.onReplay?.();
    const request = new ReplayedRequest(raw, id, entry, this.trusts, deps.log);
    const reply: AnsweredReply = {
      statusCode: 200,
      elapsedTime: performance.now() - startedAt,
      getHeader: (name: string) => entry.headers[name.toLowerCase()],
    };
    deps.answers.answered(request, reply);
    // A replayed answer is a quick read: its line is written at debug (lib/request-log.ts).
    if (deps.log.level === 'debug' || deps.log.level === 'trace') logAnswer(request, reply);
    return true;
  }

  /** What the answer to a page request depends on besides the content; undefined: never replayed. */
  private keyOf(raw: IncomingMessage): string | undefined {
    if (raw.method !== 'GET') return undefined;
    const headers = raw.headers;
    if (
      headers.authorization !== undefined ||
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined
    )
      return undefined;
    const cookie = headers.cookie ?? '';
    if (cookie && this.deps?.staffCookieNames.some((name) => cookie.includes(name))) return undefined;
    const protocol = this.protocolOf(raw);
    if (protocol === undefined) return undefined;
    return `${protocol} ${this.encodingOf(headers['accept-encoding'])} ${raw.url} ${cookie}`;
  }

  /** As Fastify's `request.protocol`. */
  private protocolOf(raw: IncomingMessage): string | undefined {
    const address = raw.socket.remoteAddress;
    if (address === undefined) return undefined;
    const forwarded = raw.headers['x-forwarded-proto'];
    if (forwarded && this.trusts(address, 0)) return lastEntry(forwarded);
    return (raw.socket as TLSSocket).encrypted ? 'https' : 'http';
  }

  private encodingOf(header: string | undefined): Encoding | 'identity' {
    const value = header ?? '';
    let found = this.encodings.get(value);
    if (found === undefined) {
      found = acceptedEncoding(header);
      if (this.encodings.size >= 100) this.encodings.clear();
      this.encodings.set(value, found);
    }
    return found;
  }

  /** Berlin's date, looked at once a second. */
  private today(): string {
    const now = Date.now();
    if (now >= this.dayCheckedUntil) {
      this.day = berlinDate(new Date(now));
      this.dayCheckedUntil = now + 1000;
    }
    return this.day;
  }
}

/** A replayed request as the work after an answer reads it: Fastify's readings of the same raw request. */
class ReplayedRequest implements AnsweredRequest {
  readonly method = 'GET';
  /** A kept page is a visitor's: no sign-in is read. */
  readonly admin = undefined;
  private logger: FastifyBaseLogger | undefined;

  constructor(
    private readonly raw: IncomingMessage,
    readonly id: string,
    private readonly entry: Entry,
    private readonly trusts: (address: string, hop: number) => boolean,
    private readonly baseLog: FastifyBaseLogger,
  ) {}

  get url() {
    return this.raw.url ?? '/';
  }
  get headers() {
    return this.raw.headers;
  }
  get routeOptions() {
    return this.entry.routeOptions;
  }
  get query() {
    return this.entry.query;
  }
  get params() {
    return this.entry.params;
  }
  get cookies() {
    return this.entry.cookies;
  }
  get protocol() {
    return this.entry.protocol as 'http' | 'https';
  }
  get ip() {
    const addresses = proxyAddr.all(this.raw, this.trusts);
    return addresses[addresses.length - 1]!;
  }
  get host() {
    const forwarded = this.raw.headers['x-forwarded-host'];
    const address = this.raw.socket.remoteAddress;
    if (forwarded && address !== undefined && this.trusts(address, 0)) return lastEntry(forwarded);
    return this.raw.headers.host ?? '';
  }
  get hostname() {
    const host = this.host;
    return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0]!;
  }
  get log() {
    return (this.logger ??= this.baseLog.child({ reqId: this.id }));
  }
}
