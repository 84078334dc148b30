import { readToken } from '../../../lib/auth-token';
import { type AdminSession, verifyToken } from './sign-in';

let early: { token: string; answer: Promise<AdminSession | undefined> } | undefined;

/**
 * Asks the server about the stored token as the dashboard starts, beside its texts and
 * stylesheet rather than after them (decision 045: the first view's waterfall).
 */
export function checkSessionEarly(): void {
  const token = readToken();
  if (!token) return;
  const answer = verifyToken(token);
  // Its failure is the taker's to handle; never an unhandled rejection if nobody takes it.
  answer.catch(() => {});
  early = { token, answer };
}

let prepared: { token: string; session: AdminSession } | undefined;

/**
 * Checks the token before the dashboard first renders (prepareDashboard), so that it renders
 * signed in at once instead of "checking" first. Undefined where the check did not say yes:
 * the guard then checks as it always does.
 */
export async function prepareSession(token: string): Promise<AdminSession | undefined> {
  const session = await (takeEarlySessionCheck(token) ?? verifyToken(token)).catch(() => undefined);
  if (session) prepared = { token, session };
  return session;
}

/** The session prepareSession found for this token, once. */
export function takePreparedSession(token: string): AdminSession | undefined {
  const taken = prepared;
  prepared = undefined;
  return taken?.token === token ? taken.session : undefined;
}

/** The early check of this token, once: every later check asks anew. */
export function takeEarlySessionCheck(token: string): Promise<AdminSession | undefined> | undefined {
  const taken = early;
  early = undefined;
  return taken?.token === token ? taken.answer : undefined;
}
