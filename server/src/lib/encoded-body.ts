import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const servedEncodings = ['br', 'gzip'];

/** A body as sent, with its compressed forms. */
export type EncodedBody = { raw: Buffer; br: Buffer; gzip: Buffer };

/**
 * The body in all three encodings, compressed once — so brotli can take its best quality — and
 * off the event loop (zlib's thread pool), for answers that are kept and sent many times. (A
 * stream compressor per response costs CPU on every request, and each brotli encoder allocates
 * megabytes of native memory that the process keeps.)
 */
export async function encodeBody(
  text: string,
  // A large body (a sitemap of thousands of projects) at a lower quality: brotli 11 takes seconds on megabytes.
  brotliQuality: number = zlib.constants.BROTLI_MAX_QUALITY,
): Promise<EncodedBody> {
  const raw = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: 9 }),
  ]);
  return { raw, br, gzip: gz };
}

/** Which encoding the client takes: by its q-values, br before gzip where they tie; `q=0` refuses one. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  return (negotiate(header?.toLowerCase() ?? '', servedEncodings) as 'br' | 'gzip' | null) ?? 'identity';
}

/** Sends the body in the encoding the client takes (the response varies by Accept-Encoding). */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!reply.hasHeader('vary')) reply.header('vary', 'Accept-Encoding');
  if (encoding === 'identity') return reply.send(body.raw);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}
