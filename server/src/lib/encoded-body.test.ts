import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  acceptedEncoding,
  encodeBody,
  formOf,
  freshBody,
  noteUse,
  qualities,
  refine,
  refineAfterUses,
  refinementsDone,
  sendEncoded,
} from './encoded-body';

describe('acceptedEncoding', () => {
  it('takes br before gzip where the client weighs them alike, else what the client prefers', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0.5, gzip;q=1')).toBe('gzip');
    expect(acceptedEncoding('gzip, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
  });

  it('respects q=0 and the wildcard', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br; q=0, gzip;q=0')).toBe('identity');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0, gzip')).toBe('gzip');
  });

  it('sends as it is without a header or with only unknown encodings', () => {
    expect(acceptedEncoding(undefined)).toBe('identity');
    expect(acceptedEncoding('')).toBe('identity');
    expect(acceptedEncoding('deflate, zstd')).toBe('identity');
  });
});

describe('the compression policy', () => {
  // A JSON answer like a page of projects: repetitive enough that the qualities differ in size.
  const text = JSON.stringify(
    Array.from({ length: 60 }, (_, i) => ({
      id: i,
      title: `Blitzschutz für das Umspannwerk ${i}`,
      location: 'Hanau',
      i2: i * i,
    })),
  );
  const brotliAt = (quality: number) =>
    zlib.brotliCompressSync(Buffer.from(text), {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    });

  it('makes a fresh answer’s form when first asked for, at the fast quality, once for requests arriving together', async () => {
    const body = freshBody(text);
    expect(body.br).toBeUndefined();
    const [first, second] = await Promise.all([formOf(body, 'br'), formOf(body, 'br')]);
    expect(first).toBe(second);
    expect(first).toEqual(brotliAt(qualities.fast.brotli));
    expect(zlib.brotliDecompressSync(first).toString()).toBe(text);
    // The other form is not made until a client takes it.
    expect(body.gzip).toBeUndefined();
    expect(zlib.gunzipSync(await formOf(body, 'gzip')).toString()).toBe(text);
  });

  it(`remakes the forms of an answer sent ${refineAfterUses} times at the best quality, and only then`, async () => {
    const body = freshBody(text);
    await formOf(body, 'br');
    for (let i = 1; i < refineAfterUses; i++) noteUse(body);
    await refinementsDone();
    expect(body.br).toEqual(brotliAt(qualities.fast.brotli));
    noteUse(body);
    await refinementsDone();
    const best = brotliAt(qualities.best.brotli);
    expect(body.br).toEqual(best);
    expect(best.length).toBeLessThan(brotliAt(qualities.fast.brotli).length);
    expect(body.fresh).toBeUndefined();
    // A form first asked for after that is made at the best quality at once.
    expect(await formOf(body, 'gzip')).toEqual(zlib.gzipSync(Buffer.from(text), { level: qualities.best.gzip }));
  });

  it('compresses a body made to be kept (built pages) at the best quality and never again', async () => {
    const body = await encodeBody(text);
    expect(body.br).toEqual(brotliAt(qualities.best.brotli));
    expect(body.fresh).toBeUndefined();
    const before = body.br;
    for (let i = 0; i < refineAfterUses * 2; i++) noteUse(body);
    await refinementsDone();
    expect(body.br).toBe(before);
  });

  it('a fresh page in all encodings at once: fast now, best once in demand', async () => {
    const body = await encodeBody(text, 'fresh');
    expect(body.br).toEqual(brotliAt(qualities.fast.brotli));
    expect(body.gzip).toEqual(zlib.gzipSync(Buffer.from(text), { level: qualities.fast.gzip }));
    await refine(body);
    expect(body.br).toEqual(brotliAt(qualities.best.brotli));
    expect(zlib.gunzipSync(body.gzip).toString()).toBe(text);
  });

  it('sends the form the client takes, the raw body to one that takes none', async () => {
    const app = Fastify();
    const body = freshBody(text);
    app.get('/', (request, reply) => sendEncoded(request, reply.type('application/json'), body));
    try {
      const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(text);
      const plain = await app.inject({ url: '/' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(text);
      // Sends without compression do not count as uses.
      expect(body.fresh?.uses).toBe(1);
    } finally {
      await app.close();
    }
  });
});
