import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * multipart/form-data, streamed (never buffered whole). Registered only inside the route plugin
 * that takes uploads, so every other route keeps refusing multipart bodies.
 */
export const multipartSupport = fp(async (app: FastifyInstance, options: Pick<FastifyMultipartOptions, 'limits'>) => {
  await app.register(multipart, { limits: options.limits, throwFileSizeLimit: true });
});
