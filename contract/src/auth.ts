import { z } from 'zod';

/** Passwords: at least 12 characters, never truncated; the upper bound only stops abuse. */
export const passwordPolicy = { minLength: 12, maxLength: 1024 } as const;

export const loginRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(passwordPolicy.maxLength),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ jwtToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A signed-in user's own password change; the answer is a fresh token (loginResponseSchema). */
export const passwordChangeRequestSchema = z.strictObject({
  currentPassword: z.string().min(1).max(passwordPolicy.maxLength),
  newPassword: z.string().min(passwordPolicy.minLength).max(passwordPolicy.maxLength),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

export const verifyRequestSchema = z.strictObject({ JWT: z.string().max(4096) });
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const verifyResponseSchema = z.union([
  z.object({ valid: z.literal(true), username: z.string(), expiresAt: z.string() }),
  z.object({ valid: z.literal(false) }),
]);
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
