import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { detectContentType } from './content-type';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

describe('detectContentType', () => {
  it('settles on an empty stream that has already ended (file-type alone waits for good)', async () => {
    const empty = new PassThrough();
    empty.end();
    const { type, empty: isEmpty, stream } = await detectContentType(empty);
    expect(type).toBeUndefined();
    expect(isEmpty).toBe(true);
    expect((await buffer(stream)).length).toBe(0);
  });

  it('tells the type from the first bytes and passes every byte on, in small chunks too', async () => {
    const content = Buffer.concat([pdf, Buffer.alloc(10_000, 7)]);
    const chunks = Array.from({ length: Math.ceil(content.length / 100) }, (_, i) => content.subarray(i * 100, i * 100 + 100));
    const { type, stream } = await detectContentType(Readable.from(chunks));
    expect(type?.mime).toBe('application/pdf');
    expect((await buffer(stream)).equals(content)).toBe(true);
  });

  it('passes a stream that ends within the sample on whole', async () => {
    const { type, stream } = await detectContentType(Readable.from([pdf]));
    expect(type?.mime).toBe('application/pdf');
    expect((await buffer(stream)).equals(pdf)).toBe(true);
  });

  it('gives no type to content it does not know', async () => {
    const { type, stream } = await detectContentType(Readable.from([Buffer.from('plain words')]));
    expect(type).toBeUndefined();
    expect((await buffer(stream)).toString()).toBe('plain words');
  });

  it('ends the source when its reader stops early', async () => {
    const source = new PassThrough();
    source.write(Buffer.alloc(5000, 1));
    const { stream } = await detectContentType(source);
    source.write(Buffer.alloc(5000, 2));
    stream.on('error', () => {});
    stream.destroy(new Error('attachments together too large'));
    await new Promise((resolve) => source.once('close', resolve));
    expect(source.destroyed).toBe(true);
  });

  it('passes on an error of the source', async () => {
    const source = new PassThrough();
    source.write(Buffer.alloc(5000, 1));
    const detected = await detectContentType(source);
    source.destroy(new Error('client went away'));
    await expect(buffer(detected.stream)).rejects.toThrow('client went away');
  });
});
