import { apiRoutes, apiUrl } from '@blitz/contract';
import { describe, expect, it } from 'vitest';
import { api, databaseKinds, signIn, startTestApp, testDatabaseUrl, twoInstancesOnOnePostgres } from '../../test/helper';
import { disableUser } from '../auth/auth.service';
import { invitationUrl, newPassword, signedInAs, tokenOf, usersUrl } from './accounts.test-kit';

const sessions = apiUrl(apiRoutes.auth.sessions);
const login = apiUrl(apiRoutes.auth.login);
const verify = apiUrl(apiRoutes.auth.verify);

describe.each(databaseKinds)('accounts on %s', (kind) => {
  it('an admin invites an account: the link works once, for 72 hours, and the account is listed with its state', async () => {
    const { url, database, log } = await startTestApp(kind);
    const admin = await signIn(url);
    const created = await api(url, 'POST', usersUrl, {
      token: admin,
      body: { username: 'hr', role: 'inbox', email: 'hr@example.com', inquiryTypes: ['application'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'hr', role: 'inbox', mailed: false });
    const { url: link, expiresAt } = created.body.invitation;
    expect(link).toMatch(/\/login#invitation=[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    // Only a hash is stored.
    const stored = await database.db.selectFrom('user_invitations').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(link));

    let list = await api(url, 'GET', usersUrl, { token: admin });
    expect(list.body.count).toBe(2);
    expect(list.body.data.find((a: { username: string }) => a.username === 'hr')).toMatchObject({
      role: 'inbox',
      inquiryTypes: ['application'],
      state: 'invited',
      email: 'hr@example.com',
      lastSignInAt: null,
      invitationExpiresAt: expiresAt,
    });
    // An invited account cannot sign in with any password yet.
    expect((await api(url, 'POST', login, { body: { username: 'hr', password: '' + newPassword } })).status).toBe(401);

    // The password's rules hold, and a refused password leaves the link working.
    const weak = await api(url, 'POST', invitationUrl, { body: { token: tokenOf(link), password: 'hr hr hr hr hr' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].field).toBe('password');
    const used = await api(url, 'POST', invitationUrl, { body: { token: tokenOf(link), password: newPassword } });
    expect(used.status).toBe(200);
    const verified = await api(url, 'POST', verify, { body: { JWT: used.body.jwtToken } });
    expect(verified.body).toMatchObject({ valid: true, username: 'hr', role: 'inbox', inquiryTypes: ['application'] });
    // The first sign-in is the invitation's.
    const signedIn = await database.db
      .selectFrom('users')
      .select('last_sign_in_at')
      .where('username', '=', 'hr')
      .executeTakeFirst();
    expect(signedIn?.last_sign_in_at).not.toBeNull();
    const again = await api(url, 'POST', invitationUrl, { body: { token: tokenOf(link), password: newPassword } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invitation_invalid');
    expect((await api(url, 'POST', login, { body: { username: 'hr', password: newPassword } })).status).toBe(200);

    list = await api(url, 'GET', usersUrl, { token: admin });
    const hr = list.body.data.find((a: { username: string }) => a.username === 'hr');
    expect(hr.state).toBe('active');
    expect(hr.lastSignInAt).not.toBeNull();
    expect(hr.invitationExpiresAt).toBeNull();
    // Never the token in the log.
    expect(log.text()).not.toContain(tokenOf(link));
  });

  it('refuses an expired, a revoked and a replaced link', async () => {
    const { url, database } = await startTestApp(kind);
    const admin = await signIn(url);
    const make = async (username: string) => {
      const res = await api(url, 'POST', usersUrl, { token: admin, body: { username, role: 'editor' } });
      return { id: res.body.id as number, token: tokenOf(res.body.invitation.url) };
    };
    const accept = (token: string) => api(url, 'POST', invitationUrl, { body: { token, password: newPassword } });

    const late = await make('late');
    await database.db
      .updateTable('user_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', late.id)
      .execute();
    expect((await accept(late.token)).body.code).toBe('invitation_invalid');

    const revoked = await make('revoked');
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.users.invitationPath(revoked.id)), { token: admin })).status).toBe(204);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.users.invitationPath(revoked.id)), { token: admin })).status).toBe(404);
    expect((await accept(revoked.token)).body.code).toBe('invitation_invalid');

    const resent = await make('resent');
    const second = await api(url, 'POST', apiUrl(apiRoutes.users.invitationPath(resent.id)), { token: admin });
    expect(second.status).toBe(200);
    expect((await accept(resent.token)).status).toBe(400);
    expect((await accept(tokenOf(second.body.invitation.url))).status).toBe(200);
    // Once the account is in use, there is nothing to resend: a reset is the way.
    expect((await api(url, 'POST', apiUrl(apiRoutes.users.invitationPath(resent.id)), { token: admin })).status).toBe(409);

    // A disabled invited account's link does not let it in.
    const off = await make('off');
    expect((await api(url, 'PUT', usersUrl, { token: admin, body: { id: off.id, disabled: true } })).status).toBe(200);
    expect((await accept(off.token)).status).toBe(400);

    expect((await accept('x'.repeat(43))).body.code).toBe('invitation_invalid');
  });

  it('gives an account a display name, set by the user themself or by an admin, audited, without ending sign-ins', async () => {
    const { url } = await startTestApp(kind);
    const admin = await signIn(url);
    const me = apiUrl(apiRoutes.users.me);
    const editor = await signedInAs(url, admin, 'redaktion', 'editor');

    // The user names themself (any role: it is their own account); the name is trimmed.
    const own = await api(url, 'PUT', me, { token: editor.token, body: { displayName: '  Erika Musterfrau ' } });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ username: 'redaktion', displayName: 'Erika Musterfrau' });
    // Not a change of rights: the token still works, and sign-in tells the dashboard the name.
    const verified = await api(url, 'POST', verify, { body: { JWT: editor.token } });
    expect(verified.body).toMatchObject({ valid: true, username: 'redaktion', displayName: 'Erika Musterfrau' });

    // An admin renames the first admin (its generated name stays the sign-in name) and another account.
    const list = async () =>
      (await api(url, 'GET', usersUrl, { token: admin })).body.data as {
        id: number;
        username: string;
        displayName: string | null;
      }[];
    const adminId = (await list()).find((a) => a.username === 'admin')!.id;
    expect((await api(url, 'PUT', usersUrl, { token: admin, body: { id: adminId, displayName: 'Chefin' } })).status).toBe(200);
    const changed = await api(url, 'PUT', usersUrl, { token: admin, body: { id: editor.id, displayName: 'Erika M.' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ username: 'redaktion', displayName: 'Erika M.' });
    expect((await api(url, 'POST', verify, { body: { JWT: editor.token } })).body.valid).toBe(true);
    expect(Object.fromEntries((await list()).map((a) => [a.username, a.displayName]))).toEqual({
      admin: 'Chefin',
      redaktion: 'Erika M.',
    });
    // Still signs in under the name it had.
    expect((await api(url, 'POST', login, { body: { username: 'redaktion', password: newPassword } })).status).toBe(200);

    // Empty takes the name away again.
    expect((await api(url, 'PUT', me, { token: editor.token, body: { displayName: '' } })).body.displayName).toBeNull();
    expect((await list()).find((a) => a.username === 'redaktion')!.displayName).toBeNull();

    // Each change in the audit trail, before and after; its author named by their display name now.
    const audit = await api(url, 'GET', `${apiUrl(apiRoutes.audit.list)}?Item=user:${editor.id}`, { token: admin });
    const renames = (audit.body.data as { user: { name: string; displayName?: string }; action: string; changes: unknown[] }[])
      .filter((e) => e.action === 'update')
      .map((e) => [e.user.name, e.user.displayName, e.changes]);
    expect(renames).toEqual([
      ['redaktion', undefined, [{ field: 'displayName', before: 'Erika M.', after: '' }]],
      ['admin', 'Chefin', [{ field: 'displayName', before: 'Erika Musterfrau', after: 'Erika M.' }]],
      ['redaktion', undefined, [{ field: 'displayName', before: '', after: 'Erika Musterfrau' }]],
    ]);
  });

  it('refuses a bad display name with a clear 400, and a change without sign-in with 401', async () => {
    const { url } = await startTestApp(kind);
    const admin = await signIn(url);
    const me = apiUrl(apiRoutes.users.me);
    const bad = [
      {},
      { displayName: 5 },
      { displayName: 'x'.repeat(101) },
      { displayName: 'Zeile\r\nBcc: x' },
      { displayName: 'a', role: 'admin' },
    ];
    for (const body of bad) {
      const res = await api(url, 'PUT', me, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    const res = await api(url, 'PUT', usersUrl, { token: admin, body: { id: 1, displayName: 'x'.repeat(101) } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('displayName');
    expect((await api(url, 'PUT', me, { body: { displayName: 'Niemand' } })).status).toBe(401);
    expect((await api(url, 'PUT', me, { token: admin, body: { displayName: 'x'.repeat(100) } })).status).toBe(200);
  });

  it('answers bad input with a clear 4xx', async () => {
    const { url } = await startTestApp(kind);
    const admin = await signIn(url);
    const post = (body: unknown) => api(url, 'POST', usersUrl, { token: admin, body });
    expect((await post({ username: 'x', role: 'owner' })).status).toBe(400);
    expect((await post({ username: '', role: 'editor' })).status).toBe(400);
    expect((await post({ username: 'a b', role: 'editor' })).status).toBe(400);
    expect((await post({ username: 'x', role: 'inbox', inquiryTypes: ['spam'] })).status).toBe(400);
    expect((await post({ username: 'x', role: 'inbox', email: 'not-mail' })).status).toBe(400);
    expect((await post({ username: 'admin', role: 'editor' })).status).toBe(409);
    expect((await api(url, 'PUT', usersUrl, { token: admin, body: { id: 999, role: 'editor' } })).status).toBe(404);
    expect((await api(url, 'PUT', usersUrl, { token: admin, body: { id: 'one' } })).status).toBe(400);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.users.onePath('abc')), { token: admin })).status).toBe(400);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.users.onePath(999)), { token: admin })).status).toBe(404);
    const reset = apiUrl(apiRoutes.users.resetPath(1));
    expect((await api(url, 'POST', reset, { token: admin, body: { reason: '' } })).status).toBe(400);
    expect((await api(url, 'POST', reset, { token: admin, body: {} })).status).toBe(400);
    expect((await api(url, 'POST', invitationUrl, { body: { token: 'short', password: newPassword } })).status).toBe(400);
    expect((await api(url, 'POST', invitationUrl, { body: {} })).status).toBe(400);
  });

  it('never lets the last active admin go: demoted, disabled, reset or deleted, by themselves either, nor from the command line', async () => {
    const { url, database } = await startTestApp(kind);
    const admin = await signIn(url);
    const me = (await api(url, 'GET', usersUrl, { token: admin })).body.data[0].id as number;
    const refusals = [
      await api(url, 'PUT', usersUrl, { token: admin, body: { id: me, role: 'editor' } }),
      await api(url, 'PUT', usersUrl, { token: admin, body: { id: me, disabled: true } }),
      await api(url, 'POST', apiUrl(apiRoutes.users.resetPath(me)), { token: admin, body: { reason: 'test' } }),
      await api(url, 'DELETE', apiUrl(apiRoutes.users.onePath(me)), { token: admin }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('last_admin');
    }
    expect(await disableUser(database.db, 'admin')).toBe('last');
    // An invited admin is no active admin yet.
    await api(url, 'POST', usersUrl, { token: admin, body: { username: 'second', role: 'admin' } });
    expect((await api(url, 'PUT', usersUrl, { token: admin, body: { id: me, role: 'editor' } })).status).toBe(409);
    expect((await api(url, 'GET', sessions, { token: admin })).status).toBe(200);
  });

  it('lets one of two admins demoting each other at the same moment win, never both', async () => {
    const { url } = await startTestApp(kind);
    const admin = await signIn(url);
    for (let round = 0; round < 3; round++) {
      const other = await signedInAs(url, admin, `admin${round}`, 'admin');
      const me = (await api(url, 'POST', verify, { body: { JWT: admin } })).body;
      expect(me.role).toBe('admin');
      const list = (await api(url, 'GET', usersUrl, { token: admin })).body.data as { id: number; username: string }[];
      const myId = list.find((a) => a.username === 'admin')!.id;
      const [a, b] = await Promise.all([
        api(url, 'PUT', usersUrl, { token: admin, body: { id: other.id, role: 'editor' } }),
        api(url, 'PUT', usersUrl, { token: other.token, body: { id: myId, disabled: true } }),
      ]);
      const statuses = [a.status, b.status].sort();
      // The loser is refused: 409 last_admin, or 401/403 when the winner ended its sign-in or role first.
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      const active = (await api(url, 'GET', usersUrl, { token: a.status === 200 ? admin : other.token })).body.data.filter(
        (acc: { role: string; state: string }) => acc.role === 'admin' && acc.state === 'active',
      );
      expect(active).toHaveLength(1);
      if (a.status !== 200) return; // the other admin won: this admin is disabled now
      await api(url, 'DELETE', apiUrl(apiRoutes.users.onePath(other.id)), { token: admin });
    }
  });

  it('ends the sign-ins of an account whose role changes, or that is disabled, reset or deleted', async () => {
    const { url } = await startTestApp(kind);
    const admin = await signIn(url);
    const change = async (action: (id: number) => Promise<{ status: number }>, name: string) => {
      const user = await signedInAs(url, admin, name, 'editor');
      expect((await api(url, 'GET', sessions, { token: user.token })).status).toBe(200);
      expect((await action(user.id)).status).toBeLessThan(300);
      expect((await api(url, 'GET', sessions, { token: user.token })).status).toBe(401);
      return user;
    };
    await change((id) => api(url, 'PUT', usersUrl, { token: admin, body: { id, role: 'inbox' } }), 'demoted');
    await change((id) => api(url, 'PUT', usersUrl, { token: admin, body: { id, role: 'inbox', inquiryTypes: null } }), 'retyped');
    await change((id) => api(url, 'PUT', usersUrl, { token: admin, body: { id, disabled: true } }), 'disabled');
    await change((id) => api(url, 'DELETE', apiUrl(apiRoutes.users.onePath(id)), { token: admin }), 'deleted');
    let link = '';
    await change(async (id) => {
      const res = await api(url, 'POST', apiUrl(apiRoutes.users.resetPath(id)), { token: admin, body: { reason: 'phone lost' } });
      link = res.body.invitation.url;
      return res;
    }, 'reset');
    // The reset account's old password is gone; the new link lets them choose one.
    expect((await api(url, 'POST', login, { body: { username: 'reset', password: newPassword } })).status).toBe(401);
    expect((await api(url, 'POST', invitationUrl, { body: { token: tokenOf(link), password: newPassword } })).status).toBe(200);
    // Enabling again lets a disabled account sign in, with new tokens only.
    const list = (await api(url, 'GET', usersUrl, { token: admin })).body.data as {
      id: number;
      username: string;
      state: string;
    }[];
    const disabled = list.find((a) => a.username === 'disabled')!;
    expect(disabled.state).toBe('disabled');
    expect((await api(url, 'PUT', usersUrl, { token: admin, body: { id: disabled.id, disabled: false } })).body.state).toBe(
      'active',
    );
    expect((await api(url, 'POST', login, { body: { username: 'disabled', password: newPassword } })).status).toBe(200);
  });
});

describe.runIf(testDatabaseUrl)('accounts on two instances sharing PostgreSQL', () => {
  it('refuses on the other instance at once the token of an account demoted, disabled or reset on one', async () => {
    const { urls } = await twoInstancesOnOnePostgres();
    const [a, b] = urls as [string, string];
    const admin = await signIn(a);
    for (const [name, action] of [
      ['demoted', (id: number) => api(a, 'PUT', usersUrl, { token: admin, body: { id, role: 'inbox' } })],
      ['disabled', (id: number) => api(a, 'PUT', usersUrl, { token: admin, body: { id, disabled: true } })],
      [
        'reset',
        (id: number) => api(a, 'POST', apiUrl(apiRoutes.users.resetPath(id)), { token: admin, body: { reason: 'left' } }),
      ],
    ] as const) {
      const user = await signedInAs(a, admin, name, 'editor');
      expect((await api(b, 'GET', sessions, { token: user.token })).status).toBe(200);
      expect((await action(user.id)).status).toBe(200);
      expect((await api(b, 'GET', sessions, { token: user.token })).status).toBe(401);
    }
  });
});
