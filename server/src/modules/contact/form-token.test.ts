import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFormTokens } from './form-token';

describe('contact form tokens', () => {
  const tokens = createFormTokens('a secret of at least thirty-two characters');
  const now = Date.parse('2026-11-23T10:00:00Z');

  it('tell how long ago the form became interactive', () => {
    expect(tokens.check(tokens.issue(now - 45_000), now)?.age).toBe(45_000);
    expect(tokens.check(tokens.issue(now), now)?.age).toBe(0);
  });

  it('refuse a missing, forged, backdated, future or day-old token', () => {
    const token = tokens.issue(now - 1_000);
    const [issuedAt, nonce, signature] = token.split('.') as [string, string, string];
    // The last two characters changed, whatever they were (a random nonce may end in "AA" already).
    const tampered = (part: string) => `${part.slice(0, -2)}${part.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      undefined,
      '',
      'garbage',
      `${Number(issuedAt) - 60_000}.${nonce}.${signature}`,
      `${issuedAt}.${tampered(nonce)}.${signature}`,
      `${issuedAt}.${signature}`,
      `${issuedAt}.${nonce}.${tampered(signature)}`,
      createFormTokens('another secret of at least thirty-two chars').issue(now - 60_000),
      tokens.issue(now + 60_000),
      tokens.issue(now - 25 * 3_600_000),
    ]) {
      expect(tokens.check(bad, now), String(bad)).toBeUndefined();
    }
  });

  it('give each token an id of its own, which an inquiry spends; a token of the release before is still taken', () => {
    const first = tokens.check(tokens.issue(now - 5_000), now)!;
    const second = tokens.check(tokens.issue(now - 5_000), now)!;
    expect(first.age).toBe(5_000);
    expect(first.id).not.toBe(second.id);
    expect(first.expiresAt.getTime()).toBe(now - 5_000 + 24 * 3_600_000);
    // issuedAt.signature, signed over issuedAt alone: forms open across the update still send.
    const key = Buffer.from(
      crypto.hkdfSync('sha256', 'a secret of at least thirty-two characters', '', 'contact-form-token', 32),
    );
    const issuedAt = String(now - 60_000);
    const old = `${issuedAt}.${crypto.createHmac('sha256', key).update(issuedAt).digest('base64url')}`;
    expect(tokens.check(old, now)).toMatchObject({ age: 60_000, id: old.split('.')[1] });
  });
});
