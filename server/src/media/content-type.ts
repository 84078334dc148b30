import { Readable } from 'node:stream';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';

/** Enough of a file to tell its type (file-type's own default sample). */
const sampleBytes = 4100;

/**
 * The type of a stream's content, told from its first bytes, and a stream that still carries
 * every byte. Written here because file-type's `fileTypeStream` never settles on an empty file:
 * it waits for a 'readable' event that an empty stream which has already ended does not emit,
 * and the upload it belonged to was never answered.
 */
export async function detectContentType(
  source: Readable,
): Promise<{ type: FileTypeResult | undefined; empty: boolean; stream: Readable }> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const sample: Buffer[] = [];
  let sampled = 0;
  let ended = false;
  while (sampled < sampleBytes) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    sample.push(next.value);
    sampled += next.value.length;
  }
  const head = Buffer.concat(sample);
  const type = head.length > 0 ? await fileTypeFromBuffer(head.subarray(0, sampleBytes)).catch(() => undefined) : undefined;
  async function* everything() {
    if (head.length > 0) yield head;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { type, empty: head.length === 0, stream: Readable.from(everything(), { objectMode: false }) };
}
