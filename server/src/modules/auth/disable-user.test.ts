import { describe, expect, it } from 'vitest';
import { api, databaseKinds, signIn, startTestApp, testAdmin } from '../../test/helper';
import { disableUser, enableUser } from './auth.service';
import { insertUser, listUsers } from './users.repository';
import { hashPassword } from './passwords';

const auth = '/api/v1/login/Auth';
const verify = '/api/v1/login/Verfy';
const sessions = '/api/v1/login/Sessions';

describe.each(databaseKinds)('a disabled account on %s', (kind) => {
  it('cannot sign in (the 401 of a wrong password), its token is refused at once, and enabling restores sign-in', async () => {
    const { url, database, log } = await startTestApp(kind);
    const { db } = database;
    await insertUser(db, 'erika', await hashPassword('erikas-long-password'));
    const token = await signIn(url);
    expect((await api(url, 'GET', sessions, { token })).status).toBe(200);

    expect(await disableUser(db, 'admin')).toBe('disabled');
    expect(await disableUser(db, 'admin')).toBe('already_disabled');

    const refused = await api(url, 'POST', auth, { body: testAdmin });
    const wrong = await api(url, 'POST', auth, { body: { username: 'erika', password: 'not-erikas-password' } });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(wrong.body);
    expect((await api(url, 'GET', sessions, { token })).status).toBe(401);
    expect((await api(url, 'POST', verify, { body: { JWT: token } })).body).toEqual({ valid: false });
    const events = log.lines().map((line) => line['security']);
    expect(events).toContainEqual(expect.objectContaining({ event: 'login_failed', reason: 'user_disabled' }));
    // No name in the event, as for every other refusal.
    expect(JSON.stringify(events)).not.toMatch(/"admin"/);

    expect(await enableUser(db, 'admin')).toBe('enabled');
    expect(await enableUser(db, 'admin')).toBe('already_enabled');
    const again = await signIn(url);
    expect((await api(url, 'GET', sessions, { token: again })).status).toBe(200);
    // The token from before the disabling stays ended.
    expect((await api(url, 'GET', sessions, { token })).status).toBe(401);
  });

  it('refuses a token of a disabled account even if its session survived', async () => {
    const { url, database, log } = await startTestApp(kind);
    const { db } = database;
    const token = await signIn(url);
    // Only the flag, as if the sign-ins had not been ended with it.
    await db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('username', '=', 'admin').execute();
    expect((await api(url, 'GET', sessions, { token })).status).toBe(401);
    expect(log.lines().map((line) => line['security'])).toContainEqual(
      expect.objectContaining({ event: 'token_rejected', reason: 'user_disabled' }),
    );
  });

  it('is never the last enabled one, and unknown names are said so', async () => {
    const { database } = await startTestApp(kind);
    const { db } = database;
    expect(await disableUser(db, 'admin')).toBe('last');
    expect(await disableUser(db, 'nobody')).toBe('unknown');
    expect(await enableUser(db, 'nobody')).toBe('unknown');
    await insertUser(db, 'erika', await hashPassword('erikas-long-password'));
    expect(await disableUser(db, 'erika')).toBe('disabled');
    expect(await disableUser(db, 'admin')).toBe('last');
  });

  it('is listed with its second factor, when it was disabled and the last sign-in', async () => {
    const { url, database } = await startTestApp(kind);
    const { db } = database;
    await insertUser(db, 'erika', await hashPassword('erikas-long-password'));
    const before = Date.now();
    await signIn(url);
    await disableUser(db, 'erika');
    const [admin, erika] = await listUsers(db);
    expect(admin).toMatchObject({ username: 'admin', secondFactor: false, disabledAt: null });
    expect(Date.parse(admin!.lastSignInAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(erika).toMatchObject({ username: 'erika', secondFactor: false, lastSignInAt: null });
    expect(Date.parse(erika!.disabledAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(erika!.createdAt)).toBeGreaterThan(0);
  });
});
