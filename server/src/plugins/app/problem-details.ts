import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@blitz/contract';
import { isDatabaseUnavailable, isStorageFull } from '../../db/errors';
import { isObjectStorageUnavailable } from '../../storage/object-storage';
import { HttpError, retryAfterSeconds } from '../../lib/http-error';
import { sendProblem } from '../../lib/send-problem';

const retryAfter = retryAfterSeconds;

/** Maps a Fastify error code of a body or content-type failure onto an answer; undefined = not such an error. */
function frameworkError(error: FastifyError): [number, ErrorCode, string] | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return [413, 'payload_too_large', 'The request body is too large'];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return [415, 'unsupported_media_type', 'This content type is not accepted here'];
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return [400, 'malformed_body', 'The request body is not valid JSON'];
    default:
      return undefined;
  }
}

/** Every error answer is RFC 9457 problem details; no stack trace ever leaves the server. */
export const problemDetails = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.extra.headers ?? {})) reply.header(name, value);
      const refusal = error.extra.refusal;
      const files = refusal && 'files' in refusal ? refusal.files : undefined;
      const step = refusal && 'step' in refusal ? { step: refusal.step } : {};
      return sendProblem(reply, error.status, error.code, error.message, error.extra.errors, files, {
        ...error.extra.problem,
        ...step,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const unknownKeys = v.keyword === 'unrecognized_keys' ? (v.params['keys'] as string[]).join(', ') : '';
        return {
          field: [path, unknownKeys].filter(Boolean).join('.') || error.validationContext || 'body',
          message: v.message ?? 'invalid',
        };
      });
      const fields = [...new Set(errors.map((e) => e.field))];
      return sendProblem(reply, 400, 'validation', `Invalid or missing fields: ${fields.join(', ')}`, errors);
    }
    const mapped = frameworkError(error);
    if (mapped) return sendProblem(reply, mapped[0], mapped[1], mapped[2]);
    if (error instanceof SyntaxError) return sendProblem(reply, 400, 'malformed_body', 'The request body is malformed');
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode = status === 429 ? 'too_many_requests' : status === 404 ? 'not_found' : 'validation';
      return sendProblem(reply, status, code, error.message);
    }
    if (isObjectStorageUnavailable(error)) {
      request.log.warn({ err: error }, 'object storage unavailable');
      reply.header('retry-after', String(retryAfter.database));
      return sendProblem(
        reply,
        503,
        'service_unavailable',
        'The service is briefly unavailable; nothing was stored. Please try again shortly.',
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(retryAfter.database));
      return sendProblem(
        reply,
        503,
        'service_unavailable',
        'The service is briefly unavailable; nothing was stored. Please try again shortly.',
      );
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full');
      reply.header('retry-after', String(retryAfter.storage));
      return sendProblem(
        reply,
        503,
        'service_unavailable',
        'The server cannot store anything right now; nothing was kept. Please try again later.',
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'internal', 'Something went wrong on our side');
  });
});
