import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';

const issuer = 'blitzschutz-site';
const audience = 'blitzschutz-admin';

export type TokenClaims = { userId: number; version: number; sessionId: string; expiresAt: Date };

/**
 * Why a token was refused, for the security log only (the client always gets the same 401):
 * `expired` is a genuine token past its time; `invalid` is anything else (bad signature, other
 * algorithm, other issuer or audience, malformed).
 */
export type TokenRejection = 'expired' | 'invalid';

export type TokenKeys = {
  /** How long a token is valid after it was signed. */
  ttlSeconds: number;
  sign: (userId: number, version: number, sessionId: string) => Promise<string>;
  verify: (token: string) => Promise<{ claims: TokenClaims } | { rejected: TokenRejection }>;
};

export function generateSecret(): string {
  return crypto.randomBytes(48).toString('base64url');
}

/** HS256 tokens with issuer, audience and expiry; anything else (alg:none, RS256, altered payload) fails. */
export function createTokenKeys(secret: string, ttlSeconds: number): TokenKeys {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: (userId, version, sessionId) =>
      new SignJWT({ ver: version, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer,
          audience,
          requiredClaims: ['exp', 'sub'],
        });
        const userId = Number(payload.sub);
        const { ver: version, sid: sessionId } = payload;
        if (
          !Number.isInteger(userId) ||
          typeof version !== 'number' ||
          typeof sessionId !== 'string' ||
          payload.exp === undefined
        ) {
          return { rejected: 'invalid' };
        }
        return { claims: { userId, version, sessionId, expiresAt: new Date(payload.exp * 1000) } };
      } catch (error) {
        // The signature is checked before the claims: only a genuine token can be `expired`.
        return { rejected: (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
      }
    },
  };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i);
  return match?.[1];
}
