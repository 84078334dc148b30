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

/** The early check of this token, once: every later check asks anew. */
export function takeEarlySessionCheck(token: string): Promise<AdminSession | undefined> | undefined {
  const taken = early;
  early = undefined;
  return taken?.token === token ? taken.answer : undefined;
}
