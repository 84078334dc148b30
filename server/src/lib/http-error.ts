import type { ErrorCode, InquiryCheck } from '@blitz/contract';

/**
 * What a refusal of a form's content was, for a caller that answers it in its own words (the
 * footer form sent without JavaScript): the failed check and its fields, or the files refused.
 * Read instead of the message, which is free to change.
 */
export type Refusal = Pick<Extract<InquiryCheck, { ok: false }>, 'step' | 'fields'> | { files: string[] };

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
