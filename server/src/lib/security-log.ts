import type { FastifyBaseLogger } from 'fastify';

/**
 * The security events the server logs (SECURITY.md, "Logging inventory"). Each is one JSON log
 * line with a `security` object, so a log processor can select them by `security.event`.
 */
export type SecurityEventName =
  | 'login_succeeded'
  | 'login_failed'
  | 'password_rehashed'
  | 'password_changed'
  | 'password_change_failed'
  | 'second_factor_requested'
  | 'second_factor_enabled'
  | 'second_factor_disabled'
  | 'second_factor_change_failed'
  | 'logout'
  | 'session_ended'
  | 'token_rejected'
  | 'request_rejected'
  | 'malware_refused'
  | 'admin_request'
  | 'access_denied'
  | 'account_created'
  | 'account_changed'
  | 'account_deleted'
  | 'account_reset'
  | 'invitation_sent'
  | 'invitation_revoked'
  | 'invitation_used'
  | 'invitation_refused';

/**
 * What an event may carry: ids, status and error codes, route patterns, field names, the client
 * address. Never a password, token, user name, e-mail address, personal name, file name or any
 * text a visitor typed: the type allows no free-form objects, and callers pass none.
 */
export type SecurityEventDetail = Record<string, string | number | boolean | null | readonly string[]>;

export function logSecurityEvent(
  log: FastifyBaseLogger,
  level: 'info' | 'warn',
  event: SecurityEventName,
  detail: SecurityEventDetail,
): void {
  log[level]({ security: { event, ...detail } }, `security event: ${event}`);
}
