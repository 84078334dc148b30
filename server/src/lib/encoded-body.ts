import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const servedEncodings = ['br', 'gzip'];

export type Encoding = 'br' | 'gzip';

/**
 * A body as sent, with its compressed forms. A form not made yet is made when a client first
 * asks for it. `fresh` marks a body whose forms are made at the fast quality (an answer made for
 * a request): once it has been sent compressed `refineAfterUses` times it is worth the best
 * quality, and its forms are made again at that quality in the background.
 */
export type EncodedBody = {
  raw: Buffer;
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
  fresh?: { uses: number; refining?: boolean } | undefined;
  /** Forms being made, so that requests arriving meanwhile wait for the same one. */
  making?: Partial<Record<Encoding, Promise<Buffer>>>;
};

/** A body with both forms made. */
export type FullyEncodedBody = EncodedBody & { br: Buffer; gzip: Buffer };

/**
 * How hard each form is compressed. Brotli at its best (11) took 33.6 ms of CPU for a 24 KB page
 * of ten projects, against 0.6 ms at 5 for an answer 11 % larger: the best quality pays only for
 * a body sent many times (the build's files, a kept answer in demand); anything made for one
 * request takes the fast one. gzip's levels differ far less (9 against 6).
 */
export const qualities = {
  fast: { brotli: 5, gzip: 6 },
  best: { brotli: zlib.constants.BROTLI_MAX_QUALITY, gzip: 9 },
} as const;

/** Compressed sends after which a fresh body is remade at the best quality. */
export const refineAfterUses = 3;

/** Fresh bodies waiting to be refined, at most; more are left fresh (and tried again later). */
const maxQueuedRefinements = 64;

export function compress(raw: Buffer, encoding: Encoding, quality: keyof typeof qualities): Promise<Buffer> {
  const level = qualities[quality];
  if (encoding === 'gzip') return gzip(raw, { level: level.gzip });
  return brotli(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: level.brotli,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

/**
 * The body in all three encodings, compressed once and off the event loop (zlib's thread pool).
 * `best` (the default) for bodies kept and sent many times, such as the built pages; `fresh` for
 * one made for a request that is kept in case it is asked for again (refined after some uses);
 * `fast` for a large body that requests wait for (a sitemap of thousands of projects: brotli's
 * best quality takes seconds on megabytes), kept at that quality.
 * (A stream compressor per response costs CPU on every request, and each brotli encoder
 * allocates megabytes of native memory that the process keeps.)
 */
export async function encodeBody(text: string, quality: 'best' | 'fast' | 'fresh' = 'best'): Promise<FullyEncodedBody> {
  const raw = Buffer.from(text, 'utf8');
  const level = quality === 'best' ? 'best' : 'fast';
  const [br, gz] = await Promise.all([compress(raw, 'br', level), compress(raw, 'gzip', level)]);
  return { raw, br, gzip: gz, ...(quality === 'fresh' ? { fresh: { uses: 0 } } : {}) };
}

/** A fresh body with no form made yet: each is made, fast, when a client first takes it. */
export function freshBody(text: string): EncodedBody {
  return { raw: Buffer.from(text, 'utf8'), fresh: { uses: 0 } };
}

/** The body's form in `encoding`: kept, or made now (fast while the body is fresh) and kept. */
export function formOf(body: EncodedBody, encoding: Encoding): Buffer | Promise<Buffer> {
  const kept = body[encoding];
  if (kept) return kept;
  body.making ??= {};
  return (body.making[encoding] ??= compress(body.raw, encoding, body.fresh ? 'fast' : 'best').then((form) => {
    body[encoding] ??= form;
    delete body.making![encoding];
    return body[encoding];
  }));
}

// Refinements run one at a time: each takes tens of milliseconds of a zlib thread, and the
// requests' own (fast) compressions must not wait behind a row of them.
let refinements: Promise<void> = Promise.resolve();
let queued = 0;

/** Counts a compressed send of a fresh body; at `refineAfterUses` its forms are remade at the best quality. */
export function noteUse(body: EncodedBody): void {
  if (!body.fresh || ++body.fresh.uses !== refineAfterUses) return;
  refineSoon(body);
}

/**
 * Remakes a fresh body's forms at the best quality in the background, after the refinements
 * already asked for. With too many waiting it is left fresh, to be tried again after as many uses.
 */
export function refineSoon(body: EncodedBody): void {
  if (!body.fresh || body.fresh.refining) return;
  if (queued >= maxQueuedRefinements) {
    body.fresh.uses = 0;
    return;
  }
  queued++;
  body.fresh.refining = true;
  refinements = refinements.then(async () => {
    try {
      await refine(body);
    } catch {
      // Left fresh: its fast forms stay correct.
      if (body.fresh) body.fresh = { uses: 0 };
    } finally {
      queued--;
    }
  });
}

/** Remakes the body's forms at the best quality and ends its freshness. Resolves when done. */
export async function refine(body: EncodedBody): Promise<void> {
  const encodings = (['br', 'gzip'] as const).filter((e) => body[e] || body.making?.[e]);
  const better = await Promise.all(encodings.map((e) => compress(body.raw, e, 'best')));
  encodings.forEach((e, i) => (body[e] = better[i]));
  body.fresh = undefined;
}

/** Resolves once every refinement asked for so far is done (for tests). */
export function refinementsDone(): Promise<void> {
  return refinements;
}

/** Which encoding the client takes: by its q-values, br before gzip where they tie; `q=0` refuses one. */
export function acceptedEncoding(header: string | undefined): Encoding | 'identity' {
  return (negotiate(header?.toLowerCase() ?? '', servedEncodings) as Encoding | null) ?? 'identity';
}

/** Sends the body in the encoding the client takes (the response varies by Accept-Encoding). */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
): FastifyReply | Promise<FastifyReply> {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!reply.hasHeader('vary')) reply.header('vary', 'Accept-Encoding');
  if (encoding === 'identity') return reply.send(body.raw);
  noteUse(body);
  const form = formOf(body, encoding);
  reply.header('content-encoding', encoding);
  return Buffer.isBuffer(form) ? reply.send(form) : form.then((made) => reply.send(made));
}
