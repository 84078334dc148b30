import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { badRequest, conflict } from '../../lib/http-error';
import { logSecurityEvent } from '../../lib/security-log';
import { reauthenticate, requireUser, spendSecondFactorCode } from './auth.service';
import { verifyPassword } from './passwords';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpUri } from './second-factor';
import { disableSecondFactor, enableSecondFactor, findSecondFactor, setPendingSecret } from './second-factor.repository';
import { deleteOtherSessions } from './sessions.repository';

/** The signed-in user making the change, from which sign-in and address, and where it is logged. */
export type SecondFactorActor = { userId: number; sessionId: string; ip: string; log: FastifyBaseLogger };

export async function secondFactorStatus(db: Db, userId: number) {
  const state = await findSecondFactor(db, userId);
  return { enabled: state?.enabled ?? false, recoveryCodesLeft: state?.recoveryCodesLeft ?? 0 };
}

/**
 * Step one of setting up the app: with the password asked again (ASVS 7.5.1), a new secret to
 * scan or type in. It takes effect only when a code from the app confirms it (step two).
 */
export async function startSecondFactorSetup(db: Db, actor: SecondFactorActor, password: string) {
  const user = await requireUser(db, actor.userId);
  if (user.totpSecret) throw conflict('A second factor is set up already; turn it off first');
  await reauthenticate(db, user, { ...actor, failedEvent: 'second_factor_change_failed' }, async () =>
    (await verifyPassword(user.passwordHash, password)) ? undefined : { field: 'password', reason: 'wrong_password' },
  );
  const secret = newTotpSecret();
  await setPendingSecret(db, user.id, secret);
  return { secret, uri: totpUri(secret, user.username) };
}

/**
 * Step two: a code from the app proves it holds the secret. The second factor is then on, the
 * recovery codes are answered (the only time they can be read), and every other sign-in of the
 * user ends: those were made with the password alone.
 */
export async function confirmSecondFactorSetup(db: Db, actor: SecondFactorActor, code: string) {
  const state = await findSecondFactor(db, actor.userId);
  if (!state?.pendingSecret) throw conflict(state?.enabled ? 'A second factor is set up already' : 'Start the set-up first');
  const step = matchTotp(state.pendingSecret, code);
  if (step === null) throw badRequest('code', 'is wrong');
  const recoveryCodes = newRecoveryCodes();
  if (!(await enableSecondFactor(db, actor.userId, state.pendingSecret, step, recoveryCodes.map(hashRecoveryCode)))) {
    throw conflict('The set-up was started again elsewhere; use the newest code shown');
  }
  await deleteOtherSessions(db, actor.userId, actor.sessionId);
  logSecurityEvent(actor.log, 'info', 'second_factor_enabled', { userId: actor.userId, ip: actor.ip });
  return { recoveryCodes };
}

/** Turns the second factor off: needs the password and a code (from the app or a recovery code). */
export async function turnOffSecondFactor(db: Db, actor: SecondFactorActor, password: string, code: string): Promise<void> {
  const user = await requireUser(db, actor.userId);
  if (!user.totpSecret) throw conflict('No second factor is set up');
  await reauthenticate(db, user, { ...actor, failedEvent: 'second_factor_change_failed' }, async () => {
    if (!(await verifyPassword(user.passwordHash, password))) return { field: 'password', reason: 'wrong_password' };
    return (await spendSecondFactorCode(db, user, code)) ? undefined : { field: 'code', reason: 'wrong_second_factor' };
  });
  await disableSecondFactor(db, user.id);
  logSecurityEvent(actor.log, 'info', 'second_factor_disabled', { userId: user.id, ip: actor.ip });
}
