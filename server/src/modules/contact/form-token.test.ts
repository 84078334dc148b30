import { describe, expect, it } from 'vitest';
import { createFormTokens } from './form-token';

describe('contact form tokens', () => {
  const tokens = createFormTokens('a secret of at least thirty-two characters');
  const now = Date.parse('2026-11-23T10:00:00Z');

  it('tell how long ago the form became interactive', () => {
    expect(tokens.ageOf(tokens.issue(now - 45_000), now)).toBe(45_000);
    expect(tokens.ageOf(tokens.issue(now), now)).toBe(0);
  });

  it('refuse a missing, forged, backdated, future or day-old token', () => {
    const token = tokens.issue(now - 1_000);
    const [issuedAt, signature] = token.split('.') as [string, string];
    for (const bad of [
      undefined,
      '',
      'garbage',
      `${Number(issuedAt) - 60_000}.${signature}`,
      `${issuedAt}.${signature.slice(0, -2)}AA`,
      createFormTokens('another secret of at least thirty-two chars').issue(now - 60_000),
      tokens.issue(now + 60_000),
      tokens.issue(now - 25 * 3_600_000),
    ]) {
      expect(tokens.ageOf(bad, now), String(bad)).toBeUndefined();
    }
  });
});
