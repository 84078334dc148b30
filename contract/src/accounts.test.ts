import { describe, expect, it } from 'vitest';
import { type UserRole, accountUpdateSchema, hasInquiryLimit, mayAccess, userRoles } from './accounts';
import { verifyResponseSchema } from './auth';

describe('roles (decisions 035, 051)', () => {
  it('gives editorInbox content and inbox, never admin, and a type limit as an inbox account has', () => {
    expect(['admin', 'content', 'inbox', 'self'].filter((a) => mayAccess('editorInbox', a as never))).toEqual([
      'content',
      'inbox',
      'self',
    ]);
    expect(userRoles.filter(hasInquiryLimit)).toEqual(['inbox', 'editorInbox']);
  });

  it('answers every role in the sign-in check (auth.ts repeats the list, as it cannot import this file)', () => {
    for (const role of userRoles) {
      const parsed = verifyResponseSchema.parse({ valid: true, username: 'u', expiresAt: '2026-12-17T00:00:00Z', role });
      expect(parsed).toMatchObject({ role });
    }
    expect(() =>
      verifyResponseSchema.parse({ valid: true, username: 'u', expiresAt: '2026-12-17T00:00:00Z', role: 'owner' }),
    ).toThrow();
  });

  it('takes back an account as it was read, the combination included', () => {
    const read = {
      id: 7,
      username: 'pm',
      displayName: 'Paula Projekt',
      email: null,
      role: 'editorInbox' as UserRole,
      inquiryTypes: ['priceInquiry'],
      state: 'active',
      lastSignInAt: null,
      invitationExpiresAt: null,
      secondFactor: false,
    };
    expect(accountUpdateSchema.parse(read)).toMatchObject({ id: 7, role: 'editorInbox', inquiryTypes: ['priceInquiry'] });
  });
});
