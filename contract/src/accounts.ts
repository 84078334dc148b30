import { z } from 'zod';
import { passwordPolicy } from './auth';
import { inquirySubjectSchema } from './contact';
import { ignoredReadFields } from './read-only-fields';
import { oneLine } from './one-line';

export {
  type RouteAccess,
  type UserRole,
  displayNameMaxLength,
  hasInquiryLimit,
  mayAccess,
  roleAccess,
  routeAccesses,
  userRoles,
} from './roles';
import { type UserRole, displayNameMaxLength, userRoles } from './roles';

export const userRoleSchema = z.enum(userRoles) satisfies z.ZodType<UserRole>;

/** The account states the admin's list shows. */
export const userStates = ['invited', 'active', 'disabled'] as const;
export const userStateSchema = z.enum(userStates);
export type UserState = z.infer<typeof userStateSchema>;

/** An inbox account's inquiry types; null (or absent) is every type. Only a role with `hasInquiryLimit` keeps one. */
export const inquiryTypesSchema = z.array(inquirySubjectSchema).min(1).max(50).nullable();

const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'letters, digits and . _ @ - only');

/**
 * A display name as given (issue 40): one line, at most 100 characters; empty or null takes it
 * away (the username is shown again). The sign-in name itself never changes.
 */
export const displayNameInputSchema = oneLine(z.string().trim().max(displayNameMaxLength))
  .nullable()
  .transform((name) => (name ? name : null));

export const accountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** The name the dashboard shows for the account (issue 40); null: its username. */
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  role: userRoleSchema,
  inquiryTypes: inquiryTypesSchema,
  state: userStateSchema,
  lastSignInAt: z.string().nullable(),
  /** Until when the open invitation link works; null without one (used, revoked, or none). */
  invitationExpiresAt: z.string().nullable(),
  secondFactor: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.object({ data: z.array(accountSchema), count: z.number().int() });

/** A one-time sign-up link, shown once (valid 72 hours). */
export const invitationSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationResponseSchema = z.object({
  invitation: invitationSchema,
  /** The link was queued in the outbox for the account's e-mail address. */
  mailed: z.boolean(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

export const accountCreateSchema = z.strictObject({
  username: usernameSchema,
  role: userRoleSchema,
  email: z.email().max(254).nullish(),
  inquiryTypes: inquiryTypesSchema.optional(),
});
export type AccountCreate = z.infer<typeof accountCreateSchema>;
export const accountCreatedSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: userRoleSchema,
  invitation: invitationSchema,
  mailed: z.boolean(),
});
export type AccountCreated = z.infer<typeof accountCreatedSchema>;

const accountUpdateFields = {
  id: z.number().int().positive(),
  role: userRoleSchema.optional(),
  inquiryTypes: inquiryTypesSchema.optional(),
  disabled: z.boolean().optional(),
  email: z.email().max(254).nullish(),
};
/** What a read answers besides (`username`, `state`, `lastSignInAt`, …) may be sent back: it is ignored. */
export const accountUpdateSchema = z.strictObject({
  ...ignoredReadFields(accountSchema.shape, accountUpdateFields),
  ...accountUpdateFields,
  displayName: displayNameInputSchema.optional(),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** `PUT /api/v1/User/Me`: the signed-in user's own display name (issue 40). */
export const ownAccountUpdateSchema = z.strictObject({ displayName: displayNameInputSchema });
export type OwnAccountUpdate = z.infer<typeof ownAccountUpdateSchema>;
export const ownAccountSchema = z.object({ username: z.string(), displayName: z.string().nullable() });
export type OwnAccount = z.infer<typeof ownAccountSchema>;

export const accountIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** An admin's reset of someone's password and second factor: why, recorded. */
export const accountResetSchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });

/** The invitee's first sign-in: the link's token and the password they chose. */
export const invitationAcceptSchema = z.strictObject({
  token: z.string().min(20).max(200),
  password: z.string().min(passwordPolicy.minLength).max(passwordPolicy.maxLength),
});
