import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const issuer = 'blitzschutz-site';
const audience = 'blitzschutz-admin';

export type TokenClaims = { userId: number; version: number; expiresAt: Date };

export type TokenKeys = {
  sign: (userId: number, version: number) => Promise<string>;
  verify: (token: string) => Promise<TokenClaims | undefined>;
};

export function generateSecret(): string {
  return crypto.randomBytes(48).toString('base64url');
}

/** HS256 tokens with issuer, audience and expiry; anything else (alg:none, RS256, altered payload) fails. */
export function createTokenKeys(secret: string, ttlSeconds: number): TokenKeys {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId, version) =>
      new SignJWT({ ver: version })
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
        if (!Number.isInteger(userId) || typeof payload['ver'] !== 'number' || payload.exp === undefined) return undefined;
        return { userId, version: payload['ver'], expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return undefined;
      }
    },
  };
}
