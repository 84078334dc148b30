import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lockedDownCsp } from '../../lib/locked-down-csp';

const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

export { lockedDownCsp };

/**
 * The headers @fastify/helmet set with the options this site used (cross-origin opener and
 * resource policy same-origin, referrer policy strict-origin-when-cross-origin, frames denied, no
 * CSP or HSTS here, none of the headers for browsers long gone: IE's download dialog and XSS
 * filter, Flash's cross-domain files — every page's first response must fit one round trip,
 * decision 009). The same on every answer: written out once instead of helmet's middleware
 * running per request (decision 038).
 */
export const staticSecurityHeaders: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'DENY',
};

const hsts = 'max-age=63072000; includeSubDomains; preload';

/**
 * Security headers on every answer. The Content-Security-Policy is set here for non-page
 * answers; HTML pages replace it with their own (hashes of their inline code, map frame).
 * Callbacks, not async functions: every request passes these hooks.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(staticSecurityHeaders);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', lockedDownCsp);
    reply.header('permissions-policy', permissionsPolicy);
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done(null, payload);
  });
});
