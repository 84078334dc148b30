import crypto from 'node:crypto';

/** How long a form token is good for: a form left open over a long lunch still sends. */
const maxAgeMs = 24 * 3_600_000;

export type FormTokens = {
  /** A token naming when the form became interactive, signed so that no client can backdate it. */
  issue(now?: number): string;
  /** Milliseconds since the token was issued; undefined for a missing, forged, future or stale one. */
  ageOf(token: string | undefined, now?: number): number | undefined;
};

/**
 * The contact form's fill time, measured by the server: the form asks for a token when it
 * becomes interactive and sends it back with the inquiry. A script posting directly has none,
 * and a client cannot claim to have taken longer than it did (the old client-measured
 * `fillTime` could simply be left out). Stateless, so every instance sharing the signing secret
 * accepts the tokens of the others.
 */
export function createFormTokens(secret: string): FormTokens {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, '', 'contact-form-token', 32));
  const sign = (issuedAt: string) => crypto.createHmac('sha256', key).update(issuedAt).digest('base64url');
  return {
    issue(now = Date.now()) {
      const issuedAt = String(now);
      return `${issuedAt}.${sign(issuedAt)}`;
    },
    ageOf(token, now = Date.now()) {
      const [issuedAt = '', signature = ''] = (token ?? '').split('.');
      if (!/^\d{13}$/.test(issuedAt)) return undefined;
      const expected = Buffer.from(sign(issuedAt));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
      const age = now - Number(issuedAt);
      return age >= 0 && age <= maxAgeMs ? age : undefined;
    },
  };
}
