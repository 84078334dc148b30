import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error';

/** NUL: PostgreSQL cannot store it in a text column ("invalid byte sequence"), SQLite can. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const unstorable = /\u0000/;

/** Paths (`title.0.content`) of the strings in `value` that contain NUL, at most `limit` of them. */
export function unstorableTextPaths(value: unknown, path = '', found: string[] = [], limit = 20): string[] {
  if (found.length >= limit) return found;
  if (typeof value === 'string') {
    if (unstorable.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableTextPaths(item, path ? `${path}.${index}` : String(index), found, limit));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (unstorable.test(key)) found.push(path ? `${path}.${key}` : key);
      else unstorableTextPaths(item, path ? `${path}.${key}` : key, found, limit);
    }
  }
  return found;
}

function refuseUnstorable(request: FastifyRequest): void {
  const fields = [
    ...unstorableTextPaths(request.params),
    ...unstorableTextPaths(request.query),
    ...unstorableTextPaths(request.body),
  ].map((field) => field || 'body');
  if (fields.length === 0) return;
  throw new HttpError(400, 'validation', `Invalid or missing fields: ${fields.join(', ')}`, {
    errors: fields.map((field) => ({ field, message: 'contains a character that cannot be stored (NUL)' })),
  });
}

/**
 * Every text that reaches the database, from the path, the query or a JSON body, is refused
 * with 400 naming its field when it holds a character the database cannot store, before any
 * route runs: both databases answer alike, and no route can forget it. (Multipart fields are
 * checked where the contact form reads them, with the form's own rules.)
 */
export const storableText = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => refuseUnstorable(request));
});
