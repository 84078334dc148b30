import { z } from 'zod';

/** Passwords: at least 12 characters, never truncated; the upper bound only stops abuse. */
export const passwordPolicy = { minLength: 12, maxLength: 1024 } as const;

/** The sign-in's longest name and code, which its form's fields hold to as well. */
export const signInLimits = { username: 100, code: 64 } as const;

/** A second factor's code as typed: 6 digits from the app, or a recovery code (spaces and dashes allowed). */
const secondFactorCode = z.string().trim().min(1).max(signInLimits.code);

export const loginRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(signInLimits.username),
  password: z.string().min(1).max(passwordPolicy.maxLength),
  /** Only for a user with a second factor: asked for by 401 second_factor_required. */
  code: secondFactorCode.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ jwtToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A signed-in user's own password change; the answer is a fresh token (loginResponseSchema). */
export const passwordChangeRequestSchema = z.strictObject({
  currentPassword: z.string().min(1).max(passwordPolicy.maxLength),
  /** Required for a user with a second factor: the change is a full re-authentication (ASVS 7.5.1). */
  code: secondFactorCode.optional(),
  newPassword: z.string().min(passwordPolicy.minLength).max(passwordPolicy.maxLength),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

/** Whether the signed-in user has a second factor, and how many unused recovery codes are left. */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The site requires it of every admin (SECOND_FACTOR=required). */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** Setting up the authenticator app, step one: the password again; the answer is the secret to scan. */
export const secondFactorSetupRequestSchema = z.strictObject({ password: z.string().min(1).max(passwordPolicy.maxLength) });
export const secondFactorSetupResponseSchema = z.object({
  /** The secret in base32, to type in where the QR code cannot be scanned. */
  secret: z.string(),
  /** The otpauth:// address the QR code carries. */
  uri: z.string(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupResponseSchema>;

/** Step two: a code from the app; the answer is the recovery codes, shown this once. */
export const secondFactorConfirmRequestSchema = z.strictObject({ code: secondFactorCode });
export const secondFactorConfirmResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
  /** A fresh token for this sign-in: every other sign-in, and the token used so far, has ended. */
  jwtToken: z.string(),
});

/** Turning the second factor off: the password and a code (from the app or a recovery code). */
export const secondFactorDisableRequestSchema = z.strictObject({
  password: z.string().min(1).max(passwordPolicy.maxLength),
  code: secondFactorCode,
});
export type SecondFactorDisableRequest = z.infer<typeof secondFactorDisableRequestSchema>;

/** One of the signed-in user's sign-ins (sessions), for the dashboard's list. */
export const signInSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The sign-in this request was made with. */
  current: z.boolean(),
});
export type SignInSession = z.infer<typeof signInSessionSchema>;
export const signInSessionListSchema = z.object({ data: z.array(signInSessionSchema) });
export const sessionIdParamSchema = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, 'must be a session id') });

export const verifyRequestSchema = z.strictObject({ JWT: z.string().max(4096) });
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const verifyResponseSchema = z.union([
  z.object({
    valid: z.literal(true),
    username: z.string(),
    /** The name the dashboard shows for the user (issue 40); null: the username. */
    displayName: z.string().nullable().optional(),
    expiresAt: z.string(),
    /** The password is the generated first one: nothing but a password change until it is replaced. */
    passwordChangeRequired: z.boolean().optional(),
    /** The site requires a second factor and this user has none yet: nothing but setting it up. */
    secondFactorSetupRequired: z.boolean().optional(),
    /** What the user may use (issue 31): the dashboard shows only those tabs. `userRoles` of accounts.ts, which imports this file. */
    role: z.enum(['admin', 'editor', 'inbox', 'editorInbox']).optional(),
    /** An inbox or editorInbox user's inquiry types; null: all. */
    inquiryTypes: z.array(z.string()).nullable().optional(),
  }),
  z.object({ valid: z.literal(false) }),
]);
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
