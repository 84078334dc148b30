import crypto from 'node:crypto';

/** How long a form token is good for: a form left open over a long lunch still sends. */
export const formTokenMaxAgeMs = 24 * 3_600_000;

/** A valid token: how long ago it was issued, the id its one inquiry spends it under, and when it lapses. */
export type FormTokenCheck = { age: number; id: string; expiresAt: Date };

export type FormTokens = {
  /** A token naming when the form became interactive, signed so that no client can backdate it. */
  issue(now?: number): string;
  /** Its age, id and end; undefined for a missing, forged, future or stale one. */
  check(token: string | undefined, now?: number): FormTokenCheck | undefined;
};

/**
 * The contact form's fill time, measured by the server: the form asks for a token when it
 * becomes interactive and sends it back with the inquiry. A script posting directly has none,
 * and a client cannot claim to have taken longer than it did (the old client-measured
 * `fillTime` could simply be left out). Signed, so every instance sharing the signing secret
 * accepts the tokens of the others; each carries a random id, and the inquiry it is sent with
 * spends it in the database (`form-tokens.repository.ts`), so that one token passes the fill
 * time once, on every instance (issue 27, point 7).
 *
 * `issuedAt.nonce.signature`; a token of the release before (`issuedAt.signature`, no nonce) is
 * still taken for its day, its signature as its id, so that no form open across an update is
 * taken for a bot's.
 */
export function createFormTokens(secret: string): FormTokens {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, '', 'contact-form-token', 32));
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');
  const check = (token: string | undefined, now = Date.now()): FormTokenCheck | undefined => {
    const parts = (token ?? '').split('.');
    if (parts.length !== 2 && parts.length !== 3) return undefined;
    const issuedAt = parts[0]!;
    const signature = parts.at(-1)!;
    if (!/^\d{13}$/.test(issuedAt) || (parts.length === 3 && !/^[\w-]{22}$/.test(parts[1]!))) return undefined;
    const expected = Buffer.from(sign(parts.slice(0, -1).join('.')));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    const age = now - Number(issuedAt);
    if (age < 0 || age > formTokenMaxAgeMs) return undefined;
    return { age, id: signature, expiresAt: new Date(Number(issuedAt) + formTokenMaxAgeMs) };
  };
  return {
    issue(now = Date.now()) {
      const payload = `${now}.${crypto.randomBytes(16).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },
    check,
  };
}
