import type { ErrorCode, InquiryCheck, Problem } from '@blitz/contract';

/**
 * What a refusal of a form's content was, for a caller that answers it in its own words (the
 * footer form sent without JavaScript): the failed check and its fields, or the files refused.
 * Read instead of the message, which is free to change.
 */
export type Refusal = { step: Extract<InquiryCheck, { ok: false }>['step']; fields: string[] } | { files: string[] };

/** An expected failure a handler or service raises; the error handler turns it into problem+json. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      errors?: { field: string; message: string }[];
      headers?: Record<string, string>;
      refusal?: Refusal;
      /** More members of the problem body (a stale save's `changedBy`, a name taken in the trash's `inTrash`). */
      problem?: Pick<Problem, 'changedBy' | 'currentVersion' | 'inTrash' | 'usedOn'>;
    } = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const unauthorized = (detail = 'A valid sign-in token is required') => new HttpError(401, 'unauthorized', detail);
export const conflict = (detail: string) => new HttpError(409, 'conflict', detail);
export const badRequest = (field: string, message: string) =>
  new HttpError(400, 'validation', `Invalid field: ${field}`, { errors: [{ field, message }] });

/** Seconds a client is asked to wait after a database outage; a full disk needs an operator. */
export const retryAfterSeconds = { database: 5, storage: 300 } as const;

/** The outage answers (an unreachable database, a full disk) as errors, for handlers that answer with pages. */
export const serviceUnavailable = (cause: 'database' | 'storage') =>
  new HttpError(503, 'service_unavailable', 'unavailable', {
    headers: { 'retry-after': String(retryAfterSeconds[cause]) },
  });
