import type { FastifyRequest } from 'fastify';

/** Enough for every text field of the form at its longest; the rest of a larger body is not read. */
const maxFieldBytes = 64 * 1024;

/**
 * The text fields of a multipart form the route has not read (a post refused before its
 * handler ran), by name; files are skipped unread. Undefined if it is no readable form.
 */
export async function readFormFields(request: FastifyRequest): Promise<Map<string, string[]> | undefined> {
  if (!request.isMultipart() || request.raw.readableEnded) return undefined;
  const fields = new Map<string, string[]>();
  let bytes = 0;
  try {
    for await (const part of request.parts({ limits: { fieldSize: maxFieldBytes, fields: 50 } })) {
      if (part.type === 'file') {
        part.file.resume();
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : '';
      bytes += value.length;
      if (bytes > maxFieldBytes) break;
      fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), value]);
    }
  } catch {
    // A mangled body: what was read so far.
  }
  return fields;
}
