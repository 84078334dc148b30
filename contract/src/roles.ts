// Zod-free: the dashboard's first view reads the roles without loading zod (issue 46).

/**
 * The roles of issue 31 (decision 035): few and readable, no policy engine. An `inbox` account may
 * be limited to some inquiry types (e.g. applications only, for HR). `editorInbox` (issue 42,
 * decision 051) holds an editor's and an inbox account's rights together, its inquiries limited
 * as an inbox account's may be: the project manager who keeps the references and answers price
 * inquiries, without the admin role or a second account.
 */
export const userRoles = ['admin', 'editor', 'inbox', 'editorInbox'] as const;
export type UserRole = (typeof userRoles)[number];

/**
 * What a route serves, declared by every guarded route (`config.access` on the server): `admin`
 * accounts and settings; `content` projects, categories, jobs and page texts; `inbox` the
 * inquiries; `self` the signed-in user's own account (password, second factor, sign-ins).
 */
export const routeAccesses = ['admin', 'content', 'inbox', 'self'] as const;
export type RouteAccess = (typeof routeAccesses)[number];

/** Which kinds of routes each role may use; admin may use all of them. */
export const roleAccess: Record<UserRole, readonly RouteAccess[]> = {
  admin: routeAccesses,
  editor: ['content', 'self'],
  inbox: ['inbox', 'self'],
  editorInbox: ['content', 'inbox', 'self'],
};

export const mayAccess = (role: UserRole, access: RouteAccess) => roleAccess[role].includes(access);

/**
 * Whether an account of this role may be limited to some inquiry types: every role that reads the
 * inbox but admin (who sees everything). Other roles' limits are not kept.
 */
export const hasInquiryLimit = (role: UserRole) => role !== 'admin' && mayAccess(role, 'inbox');

/** The longest display name. */
export const displayNameMaxLength = 100;
