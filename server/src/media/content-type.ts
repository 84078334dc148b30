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
    while (!ended) {
      const next = await chunks.next();
      if (next.done) ended = true;
      else yield next.value;
    }
  }
  const stream = Readable.from(everything(), { objectMode: false });
  // A reader that stops early (a limit, a failed write) ends the source too, as a pipe would.
  stream.once('close', () => {
    if (!ended) void chunks.return?.();
  });
  return { type, empty: head.length === 0, stream };
}
