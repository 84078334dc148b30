import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { company } from '@blitz/contract';

/**
 * The second factor's arithmetic (RFC 6238 TOTP through otpauth, and recovery codes); storing and
 * spending codes is the repository's. Codes are 6 digits for 30 seconds; the step before and the
 * one after are accepted too, for clocks a little off and for typing time (RFC 6238 §5.2).
 */
export const totpPolicy = { digits: 6, periodSeconds: 30, window: 1 } as const;

/** Ten one-time codes of 120 random bits each: strong enough to keep as a plain SHA-256 (ASVS 6.5.2). */
export const recoveryCodePolicy = { count: 10, bytes: 15 } as const;

function totp(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: company.name,
    label: username,
    secret: Secret.fromBase32(secret),
    digits: totpPolicy.digits,
    period: totpPolicy.periodSeconds,
  });
}

/** A fresh secret (160 bits from the system's CSPRNG, ASVS 6.5.3), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, username: string): string {
  return totp(secret, username).toString();
}

/** The time step of a code accepted at `now`, or null when it matches none in the window. */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  if (!isTotpCode(code)) return null;
  const generator = totp(secret, 'x');
  const delta = generator.validate({ token: code, timestamp: now, window: totpPolicy.window });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

/** The code for `now`: for the tests, which play the authenticator app. */
export function currentTotp(secret: string, now = Date.now()): string {
  return totp(secret, 'x').generate({ timestamp: now });
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * New recovery codes as shown once to the user: 24 characters of RFC 4648 base32 (no 0, 1, 8 or 9,
 * so nothing looks alike when copied by hand), in groups of four.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodePolicy.count }, () =>
    new Secret({ size: recoveryCodePolicy.bytes }).base32.match(/.{4}/g)!.join('-'),
  );
}

/** How a typed recovery code is compared: case, spaces and dashes do not matter. */
function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return crypto.createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
