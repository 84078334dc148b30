import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

/** Default CSP for everything that is not an HTML page (API, media, assets, errors). */
export const lockedDownCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Security headers on every answer. The Content-Security-Policy is set here for non-page
 * answers; HTML pages replace it with their own (hashes of their inline code, map frame).
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Headers for browsers long gone (IE's download dialog and XSS filter, Flash's cross-domain
    // files): every page's first response must fit one round trip (decision 009), and these
    // carried nothing a browser of today reads.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', lockedDownCsp);
    reply.header('permissions-policy', permissionsPolicy);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains; preload');
    }
    return payload;
  });
});
