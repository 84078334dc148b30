import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { conflict } from '../../lib/http-error';
import { logSecurityEvent } from '../../lib/security-log';
import { openSession, passwordAndCode, reauthenticate, requireUser } from './auth.service';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpUri } from './second-factor';
import { disableSecondFactor, enableSecondFactor, findSecondFactor, setPendingSecret } from './second-factor.repository';
import { deleteOtherSessions, deleteUserSessions } from './sessions.repository';
import type { TokenKeys } from './tokens';
import { bumpTokenVersion } from './users.repository';
import { recordAccount } from './account-audit';

/** How long a secret shown for set-up may be confirmed: long enough to find the phone and the app. */
const setupWindowMs = 10 * 60_000;

/** The signed-in user making the change, from which sign-in and address, and where it is logged. */
export type SecondFactorActor = { userId: number; sessionId: string; ip: string; log: FastifyBaseLogger };

const reauthAs = (actor: SecondFactorActor) => ({
  ip: actor.ip,
  log: actor.log,
  failedEvent: 'second_factor_change_failed' as const,
});

export async function secondFactorStatus(db: Db, userId: number) {
  const state = await findSecondFactor(db, userId, new Date());
  return { enabled: state?.enabled ?? false, recoveryCodesLeft: state?.recoveryCodesLeft ?? 0 };
}

/**
 * Step one of setting up the app: with the password asked again (ASVS 7.5.1), a new secret to
 * scan or type in. It takes effect only when a code from the app confirms it within ten minutes.
 */
export async function startSecondFactorSetup(db: Db, actor: SecondFactorActor, password: string) {
  const user = await requireUser(db, actor.userId);
  if (user.totpSecret) throw conflict('A second factor is set up already; turn it off first');
  await reauthenticate(db, user, reauthAs(actor), passwordAndCode(db, user, password, undefined));
  const secret = newTotpSecret();
  if (!(await setPendingSecret(db, user.id, secret, new Date(Date.now() + setupWindowMs)))) {
    throw conflict('A second factor was set up meanwhile');
  }
  return { secret, uri: totpUri(secret, user.username) };
}

/**
 * Step two: a code from the app proves it holds the secret (wrong codes count like wrong
 * passwords: a stolen token must not guess its way to a factor of its own). The second factor is
 * then on and every sign-in of the user ends — those were made with the password alone, this
 * one included; the answer is the recovery codes (the only time they can be read) and a fresh
 * token for this browser.
 */
export async function confirmSecondFactorSetup(db: Db, keys: TokenKeys, actor: SecondFactorActor, code: string, idleMs: number) {
  const user = await requireUser(db, actor.userId);
  const state = await findSecondFactor(db, actor.userId, new Date());
  const pending = state?.pendingSecret;
  if (!pending) throw conflict(state?.enabled ? 'A second factor is set up already' : 'Start the set-up (again) first');
  let step: number | null = null;
  await reauthenticate(db, user, reauthAs(actor), async () => {
    step = matchTotp(pending, code);
    return step === null ? { field: 'code', reason: 'wrong_second_factor' } : undefined;
  });
  const recoveryCodes = newRecoveryCodes();
  const enabled = await inTransaction(db, async (trx) => {
    if (!(await enableSecondFactor(trx, user.id, pending, step!, recoveryCodes.map(hashRecoveryCode)))) return false;
    await bumpTokenVersion(trx, user.id);
    await deleteUserSessions(trx, user.id);
    await recordAccount(trx, 'secondFactorOn', user);
    return true;
  });
  if (!enabled) throw conflict('The set-up was started again or finished elsewhere');
  logSecurityEvent(actor.log, 'info', 'second_factor_enabled', { userId: user.id, ip: actor.ip });
  return { recoveryCodes, jwtToken: await openSession(db, keys, await requireUser(db, user.id), idleMs) };
}

/**
 * Turns the second factor off: needs the password and a code (from the app or a recovery code).
 * The user's other sign-ins end (ASVS 7.4.3); this one goes on.
 */
export async function turnOffSecondFactor(db: Db, actor: SecondFactorActor, password: string, code: string): Promise<void> {
  const user = await requireUser(db, actor.userId);
  if (!user.totpSecret) throw conflict('No second factor is set up');
  await reauthenticate(db, user, reauthAs(actor), passwordAndCode(db, user, password, code));
  await inTransaction(db, async (trx) => {
    await disableSecondFactor(trx, user.id);
    await recordAccount(trx, 'secondFactorOff', user);
  });
  await deleteOtherSessions(db, user.id, actor.sessionId);
  logSecurityEvent(actor.log, 'info', 'second_factor_disabled', { userId: user.id, ip: actor.ip });
}
