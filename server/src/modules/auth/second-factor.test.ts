import { describe, expect, it } from 'vitest';
import { api, databaseKinds, signIn, startTestApp, testAdmin } from '../../test/helper';
import { throttlePolicy } from './login-throttle';
import {
  currentTotp,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodePolicy,
  totpPolicy,
  totpUri,
} from './second-factor';

const auth = '/api/v1/login/Auth';
const status = '/api/v1/login/SecondFactor';
const setup = '/api/v1/login/SecondFactor/Setup';
const confirm = '/api/v1/login/SecondFactor/Confirm';
const disable = '/api/v1/login/SecondFactor/Disable';
const step = totpPolicy.periodSeconds * 1000;

describe('TOTP and recovery codes', () => {
  it('accepts the code of this time step and of the ones next to it, and no other', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 10, 22, 12, 0, 15);
    const thisStep = Math.floor(now / step);
    expect(matchTotp(secret, currentTotp(secret, now), now)).toBe(thisStep);
    expect(matchTotp(secret, currentTotp(secret, now - step), now)).toBe(thisStep - 1);
    expect(matchTotp(secret, currentTotp(secret, now + step), now)).toBe(thisStep + 1);
    expect(matchTotp(secret, currentTotp(secret, now - 2 * step), now)).toBeNull();
    expect(matchTotp(secret, currentTotp(secret, now + 2 * step), now)).toBeNull();
    expect(matchTotp(secret, currentTotp(newTotpSecret(), now), now)).toBeNull();
    for (const notACode of ['', '12345', '1234567', 'abcdef', ' 123456']) expect(matchTotp(secret, notACode, now)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth address that names the company and the user', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'erika'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Musterblitz');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Musterblitz:erika');
  });

  it('makes ten different 120-bit recovery codes, compared without regard to case, spaces or dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(recoveryCodePolicy.count);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^([A-Z2-7]{4}-){5}[A-Z2-7]{4}$/);
    const code = codes[0]!;
    expect(hashRecoveryCode(` ${code.toLowerCase().replaceAll('-', ' ')} `)).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(codes[1]!)).not.toBe(hashRecoveryCode(code));
  });
});

/**
 * Sets up the app for the test admin through the API, as the dashboard does; answers what the
 * user would keep, and the fresh token that replaces `token`.
 */
async function enableSecondFactor(url: string, token: string) {
  const started = await api(url, 'POST', setup, { token, body: { password: testAdmin.password } });
  expect(started.status).toBe(200);
  const secret = started.body.secret as string;
  const confirmed = await api(url, 'POST', confirm, { token, body: { code: currentTotp(secret) } });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[], token: confirmed.body.jwtToken as string };
}

/** A code the server has not seen yet: the next time step's (within the window), or the one after. */
const freshCode = (secret: string, stepsAhead = 1) => currentTotp(secret, Date.now() + stepsAhead * step);

describe.each(databaseKinds)('second factor on %s', (kind) => {
  it('is set up in two steps — password, then a code from the app — and ends the sign-ins made without it', async () => {
    const { url, log } = await startTestApp(kind);
    const token = await signIn(url);
    const other = await signIn(url);
    expect((await api(url, 'GET', status, { token })).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const wrongPassword = await api(url, 'POST', setup, { token, body: { password: 'not the password' } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([{ field: 'password', message: 'is wrong' }]);
    expect((await api(url, 'POST', confirm, { token, body: { code: '123456' } })).status).toBe(409);

    const started = await api(url, 'POST', setup, { token, body: { password: testAdmin.password } });
    expect(started.status).toBe(200);
    expect(started.headers.get('cache-control')).toBe('no-store');
    const { secret, uri } = started.body as { secret: string; uri: string };
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    // Not on before a code confirms it: the password alone still signs in.
    expect((await api(url, 'GET', status, { token })).body.enabled).toBe(false);
    expect((await api(url, 'POST', auth, { body: testAdmin })).status).toBe(200);

    const wrongCode = await api(url, 'POST', confirm, { token, body: { code: currentTotp(newTotpSecret()) } });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.errors).toEqual([{ field: 'code', message: 'is wrong' }]);
    const confirmed = await api(url, 'POST', confirm, { token, body: { code: currentTotp(secret) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const fresh = confirmed.body.jwtToken as string;

    expect((await api(url, 'GET', status, { token: fresh })).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    for (const old of [token, other]) expect((await api(url, 'GET', '/api/v1/Inquiry', { token: old })).status).toBe(401);
    expect((await api(url, 'POST', setup, { token: fresh, body: { password: testAdmin.password } })).status).toBe(409);
    expect((await api(url, 'POST', confirm, { token: fresh, body: { code: freshCode(secret) } })).status).toBe(409);

    const events = log.lines().map((line) => line['security']?.event);
    expect(events).toContain('second_factor_enabled');
    expect(events).toContain('second_factor_change_failed');
    // Neither the secret nor a recovery code is ever logged.
    for (const kept of [secret, ...codes, ...codes.map((c) => c.replaceAll('-', ''))]) expect(log.text()).not.toContain(kept);
  });

  it('then asks for a code at sign-in, takes each code once, and takes recovery codes instead', async () => {
    const { url } = await startTestApp(kind);
    const { secret, recoveryCodes } = await enableSecondFactor(url, await signIn(url));

    const passwordOnly = await api(url, 'POST', auth, { body: testAdmin });
    expect(passwordOnly.status).toBe(401);
    expect(passwordOnly.body.code).toBe('second_factor_required');
    const wrongPassword = await api(url, 'POST', auth, {
      body: { ...testAdmin, password: 'wrong password!', code: freshCode(secret) },
    });
    expect(wrongPassword.body.code).toBe('invalid_credentials');
    const wrongCode = await api(url, 'POST', auth, { body: { ...testAdmin, code: currentTotp(newTotpSecret()) } });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.code).toBe('invalid_second_factor');

    const code = freshCode(secret);
    const signedIn = await api(url, 'POST', auth, { body: { ...testAdmin, code } });
    expect(signedIn.status).toBe(200);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token: signedIn.body.jwtToken })).status).toBe(200);
    // A code seen once is spent, and so is every earlier one (ASVS 6.5.1).
    expect((await api(url, 'POST', auth, { body: { ...testAdmin, code } })).body.code).toBe('invalid_second_factor');
    expect((await api(url, 'POST', auth, { body: { ...testAdmin, code: currentTotp(secret) } })).body.code).toBe(
      'invalid_second_factor',
    );

    const recovery = ` ${recoveryCodes[3]!.toLowerCase().replaceAll('-', ' ')} `;
    expect((await api(url, 'POST', auth, { body: { ...testAdmin, code: recovery } })).status).toBe(200);
    expect((await api(url, 'POST', auth, { body: { ...testAdmin, code: recoveryCodes[3] } })).status).toBe(401);
    const token = (await api(url, 'POST', auth, { body: { ...testAdmin, code: recoveryCodes[4] } })).body.jwtToken;
    expect((await api(url, 'GET', status, { token })).body).toEqual({ enabled: true, recoveryCodesLeft: 8, required: false });
  });

  it('lets one of two parallel sign-ins with the same code through, not both', async () => {
    const { url } = await startTestApp(kind);
    const { secret } = await enableSecondFactor(url, await signIn(url));
    const code = freshCode(secret);
    const answers = await Promise.all([1, 2, 3].map(() => api(url, 'POST', auth, { body: { ...testAdmin, code } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it('lets the right password with a valid code through the name’s lock from an address that has not failed; nothing else', async () => {
    const { url } = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    const { secret, recoveryCodes } = await enableSecondFactor(url, await signIn(url));
    const post = (ip: string, body: Record<string, string>) =>
      api(url, 'POST', auth, { body, headers: { 'x-forwarded-for': ip } });
    // Eleven addresses, five guesses each (issue 27, point 8): ten fill the name's count; the
    // eleventh guesses with a code, so its first guess is a try through the lock, and fails.
    for (let host = 1; host <= 11; host++)
      for (let i = 0; i < throttlePolicy.maxFailuresPerUserAndIp; i++)
        await post(`192.0.2.${host}`, {
          ...testAdmin,
          password: `guess-${host}-${i}`,
          ...(host === 11 ? { code: '123456' } : {}),
        });
    const right = (code?: string) => ({ ...testAdmin, ...(code ? { code } : {}) });
    // The lock holds for an address that has failed (the eleventh's first guess counted), or is over its own limit.
    expect((await post('192.0.2.11', right(freshCode(secret)))).status).toBe(429);
    expect((await post('192.0.2.1', right(freshCode(secret)))).status).toBe(429);
    // From an address that has not failed: the password alone (not even checked), a wrong code or a wrong password get the lock's 429 …
    expect((await post('198.51.100.7', right())).status).toBe(429);
    expect((await post('198.51.100.8', { ...testAdmin, password: 'wrong-password-1', code: freshCode(secret) })).status).toBe(
      429,
    );
    const wrongCode = String((Number(freshCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await post('198.51.100.9', right(wrongCode))).status).toBe(429);
    // … and a wrong one counts there: the right code from it no longer passes.
    expect((await post('198.51.100.8', right(freshCode(secret)))).status).toBe(429);
    expect((await post('198.51.100.9', right(freshCode(secret)))).status).toBe(429);
    // Right password and code: through. The name's count stays; the password alone still waits.
    const through = await post('198.51.100.7', right(freshCode(secret)));
    expect(through.status).toBe(200);
    expect(through.body.jwtToken).toEqual(expect.any(String));
    expect((await post('198.51.100.10', right())).status).toBe(429);
    expect((await post('198.51.100.11', right(freshCode(secret, 0)))).status).toBe(429); // a code already used
    // A recovery code is a second factor too.
    expect((await post('198.51.100.12', right(recoveryCodes[0]))).status).toBe(200);
  });

  it('gives tries through the name’s lock a budget of their own: past it, fresh addresses with password and code wait too', async () => {
    const { url } = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    const { secret } = await enableSecondFactor(url, await signIn(url));
    const post = (ip: string, body: Record<string, string>) =>
      api(url, 'POST', auth, { body, headers: { 'x-forwarded-for': ip } });
    for (let host = 1; host <= 11; host++)
      for (let i = 0; i < throttlePolicy.maxFailuresPerUserAndIp; i++)
        await post(`192.0.2.${host}`, { ...testAdmin, password: `guess-${host}-${i}` });
    // Guesses with a wrong code, each from an address of its own: all refused alike, each counted.
    const wrongCode = String((Number(freshCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < throttlePolicy.maxTriesThroughNameLock; i++) {
      const guess = await post(`198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`, {
        ...testAdmin,
        password: i % 2 ? testAdmin.password : `guess-${i}`,
        code: wrongCode,
      });
      expect(guess.status).toBe(429);
    }
    expect((await post('203.0.113.200', { ...testAdmin, code: freshCode(secret) })).status).toBe(429);
  });

  it('lets a set-up be confirmed for ten minutes only, and counts wrong codes there like wrong passwords', async () => {
    const { url, database } = await startTestApp(kind);
    const token = await signIn(url);
    const started = await api(url, 'POST', setup, { token, body: { password: testAdmin.password } });
    const statuses: number[] = [];
    for (let i = 0; i <= throttlePolicy.maxFailuresPerUserAndIp; i++) {
      statuses.push((await api(url, 'POST', confirm, { token, body: { code: String(200000 + i) } })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    await database.db.deleteFrom('login_throttle').execute();
    await database.db
      .updateTable('users')
      .set({ totp_pending_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const late = await api(url, 'POST', confirm, { token, body: { code: currentTotp(started.body.secret) } });
    expect(late.status).toBe(409);
    expect((await api(url, 'GET', status, { token })).body.enabled).toBe(false);
  });

  it('asks for a code to change the password, and a right password elsewhere does not wipe the count of wrong codes', async () => {
    const { url } = await startTestApp(kind);
    const { secret, token } = await enableSecondFactor(url, await signIn(url));
    const newPassword = 'Kupferband-Fangstange-Erder-97';
    const change = (body: object) => api(url, 'POST', '/api/v1/login/Password', { token, body });
    const noCode = await change({ currentPassword: testAdmin.password, newPassword });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors).toEqual([{ field: 'code', message: 'is required' }]);

    // Wrong codes to turn the factor off: with the one above, four of the five allowed.
    const wrongCode = () =>
      api(url, 'POST', disable, { token, body: { password: testAdmin.password, code: currentTotp(newTotpSecret()) } });
    for (let i = 0; i < 3; i++) expect((await wrongCode()).status).toBe(400);
    // A change with the right password and code that fails afterwards (same password) gives back its own attempt only.
    const same = await change({ currentPassword: testAdmin.password, code: freshCode(secret), newPassword: testAdmin.password });
    expect(same.body.errors).toEqual([{ field: 'newPassword', message: 'must differ from the current one' }]);
    expect((await wrongCode()).status).toBe(400);
    expect((await wrongCode()).status).toBe(429);
  });

  it('counts wrong codes as failed attempts, while asking for the code counts nothing', async () => {
    const { url } = await startTestApp(kind);
    const { secret } = await enableSecondFactor(url, await signIn(url));
    for (let i = 0; i < throttlePolicy.maxFailuresPerUserAndIp + 3; i++) {
      expect((await api(url, 'POST', auth, { body: testAdmin })).body.code).toBe('second_factor_required');
    }
    const statuses: number[] = [];
    for (let i = 0; i <= throttlePolicy.maxFailuresPerUserAndIp; i++) {
      const guess = String(100000 + i);
      statuses.push((await api(url, 'POST', auth, { body: { ...testAdmin, code: guess } })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Locked out even with the right code until the window ends: guessing has no shortcut.
    expect((await api(url, 'POST', auth, { body: { ...testAdmin, code: freshCode(secret) } })).status).toBe(429);
  });

  it('is turned off only with the password and a code, ending the other sign-ins; then the password alone signs in', async () => {
    const { url, log } = await startTestApp(kind);
    const { secret, recoveryCodes, token } = await enableSecondFactor(url, await signIn(url));
    const other = (await api(url, 'POST', auth, { body: { ...testAdmin, code: recoveryCodes[9] } })).body.jwtToken as string;

    const noCode = await api(url, 'POST', disable, { token, body: { password: testAdmin.password } });
    expect(noCode.status).toBe(400);
    const wrongCode = await api(url, 'POST', disable, { token, body: { password: testAdmin.password, code: '12345x' } });
    expect(wrongCode.body.errors).toEqual([{ field: 'code', message: 'is wrong' }]);
    const wrongPassword = await api(url, 'POST', disable, {
      token,
      body: { password: 'nope nope nope', code: freshCode(secret) },
    });
    expect(wrongPassword.body.errors).toEqual([{ field: 'password', message: 'is wrong' }]);
    expect((await api(url, 'POST', disable, { body: { password: testAdmin.password, code: recoveryCodes[0] } })).status).toBe(
      401,
    );

    const off = await api(url, 'POST', disable, { token, body: { password: testAdmin.password, code: recoveryCodes[0] } });
    expect(off.status).toBe(204);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token: other })).status).toBe(401);
    expect((await api(url, 'GET', status, { token })).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    expect((await api(url, 'POST', auth, { body: testAdmin })).status).toBe(200);
    expect(
      (await api(url, 'POST', disable, { token, body: { password: testAdmin.password, code: freshCode(secret) } })).status,
    ).toBe(409);
    expect(log.lines().map((line) => line['security']?.event)).toContain('second_factor_disabled');
  });
});

describe.each(databaseKinds)('SECOND_FACTOR=required on %s', (kind) => {
  it('lets an admin without a second factor do nothing but set it up, then everything', async () => {
    const { url } = await startTestApp(kind, { SECOND_FACTOR: 'required' });
    const token = await signIn(url);
    const refused = await api(url, 'GET', '/api/v1/Inquiry', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('second_factor_setup_required');
    expect((await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'X', translation: [] } })).status).toBe(403);
    expect((await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: token } })).body).toMatchObject({
      valid: true,
      secondFactorSetupRequired: true,
    });
    expect((await api(url, 'GET', status, { token })).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true });
    expect((await api(url, 'GET', '/api/v1/login/Sessions', { token })).status).toBe(200);

    const fresh = (await enableSecondFactor(url, token)).token;
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token: fresh })).status).toBe(200);
    expect((await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: fresh } })).body.secondFactorSetupRequired).toBe(false);
  });

  it('asks a generated password to be replaced first, and the second factor after that', async () => {
    const { url, database } = await startTestApp(kind, { SECOND_FACTOR: 'required' });
    await database.db.updateTable('users').set({ must_change_password: 1 }).execute();
    const token = await signIn(url);
    const first = await api(url, 'POST', setup, { token, body: { password: testAdmin.password } });
    expect(first.status).toBe(403);
    expect(first.body.code).toBe('password_change_required');
    const changed = await api(url, 'POST', '/api/v1/login/Password', {
      token,
      body: { currentPassword: testAdmin.password, newPassword: 'Kupferband-Fangstange-Erder-97' },
    });
    const fresh = changed.body.jwtToken as string;
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token: fresh })).body.code).toBe('second_factor_setup_required');
    expect((await api(url, 'POST', setup, { token: fresh, body: { password: 'Kupferband-Fangstange-Erder-97' } })).status).toBe(
      200,
    );
  });
});
