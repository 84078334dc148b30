import argon2 from 'argon2';
import { SignJWT, decodeJwt } from 'jose';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { api, databaseKinds, freshDatabase, signIn, startTestApp, testAdmin } from '../../test/helper';
import { ensureAdmin } from './admin-bootstrap';
import { addressGroup } from '../../lib/address-group';
import { throttlePolicy } from './login-throttle';

const auth = '/api/v1/login/Auth';
const verify = '/api/v1/login/Verfy';
const logout = '/api/v1/login/Logout';
const password = '/api/v1/login/Password';
const sessions = '/api/v1/login/Sessions';

function b64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

describe('the sign-in throttle’s clients', () => {
  it('are IPv4 addresses, and IPv6 addresses by their /64', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0DB8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).not.toBe(addressGroup('2001:db8:1:3:3:4:5:6'));
  });
});

describe.each(databaseKinds)('sign-in on %s', (kind) => {
  it('answers a token for the right name and password, which Verfy accepts', async () => {
    const { url } = await startTestApp(kind);
    const res = await api(url, 'POST', auth, { body: testAdmin });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const token = res.body.jwtToken as string;
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');

    const checked = await api(url, 'POST', verify, { body: { JWT: token } });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ valid: true, username: 'admin' });
    // The token lives 8 hours; unused, the sign-in ends after 30 minutes, which Verfy names.
    const tokenExpiresIn = decodeJwt(token).exp! * 1000 - Date.now();
    expect(tokenExpiresIn).toBeGreaterThan(7.9 * 3600_000);
    expect(tokenExpiresIn).toBeLessThanOrEqual(8 * 3600_000);
    const expiresIn = Date.parse(checked.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
  });

  it('matches the login path case-insensitively', async () => {
    const { url } = await startTestApp(kind);
    const res = await api(url, 'POST', '/API/V1/LOGIN/auth', { body: testAdmin });
    expect(res.status).toBe(200);
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const { url } = await startTestApp(kind);
    const unknown = await api(url, 'POST', auth, { body: { username: 'nobody', password: 'whatever-password' } });
    const wrong = await api(url, 'POST', auth, { body: { username: 'admin', password: 'wrong-password!!' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.body).toMatchObject({ status: 401, code: 'invalid_credentials' });
  });

  it('rejects missing fields, wrong types, unknown fields and huge passwords with 400/413', async () => {
    const { url } = await startTestApp(kind);
    const missing = await api(url, 'POST', auth, { body: { username: 'admin' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toContain('password');
    const wrongType = await api(url, 'POST', auth, { body: { username: {}, password: 'x' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0].field).toBe('username');
    const extra = await api(url, 'POST', auth, { body: { ...testAdmin, role: 'root' } });
    expect(extra.status).toBe(400);
    const longPassword = await api(url, 'POST', auth, { body: { username: 'admin', password: 'x'.repeat(1_000_000) } });
    expect(longPassword.status).toBe(400);
    const overLimit = await api(url, 'POST', auth, { body: { username: 'admin', password: 'x'.repeat(1_100_000) } });
    expect(overLimit.status).toBe(413);
    expect(overLimit.body.code).toBe('payload_too_large');
  });

  it('answers malformed JSON, an empty body and a wrong content type without a 500', async () => {
    const { url } = await startTestApp(kind);
    for (const route of [auth, verify, logout]) {
      const malformed = await api(url, 'POST', route, { raw: '{"username": ', headers: { 'content-type': 'application/json' } });
      expect([400, 401]).toContain(malformed.status);
      expect(malformed.body.status).toBe(malformed.status);
      expect(malformed.text).not.toMatch(/at .*\.(js|ts):\d+/);
    }
    const malformed = await api(url, 'POST', auth, { raw: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.body.code).toBe('malformed_body');
    const empty = await api(url, 'POST', auth, { raw: '', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    const xml = await api(url, 'POST', auth, { raw: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    const proto = await api(url, 'POST', auth, {
      raw: '{"username":"admin","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.status).toBe(400);
  });

  it('throttles repeated failures per username with 429 and Retry-After, even for the right password', async () => {
    const { url } = await startTestApp(kind);
    for (let i = 0; i < throttlePolicy.maxFailuresPerUserAndIp; i++) {
      const res = await api(url, 'POST', auth, { body: { username: 'admin', password: `wrong-password-${i}` } });
      expect(res.status).toBe(401);
    }
    const locked = await api(url, 'POST', auth, { body: testAdmin });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(locked.body.code).toBe('too_many_requests');
  });

  it('holds the limit against a burst of parallel guesses', async () => {
    const { url } = await startTestApp(kind);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api(url, 'POST', auth, { body: { username: 'admin', password: `parallel-guess-${i}` } }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(throttlePolicy.maxFailuresPerUserAndIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - throttlePolicy.maxFailuresPerUserAndIp);
  });

  it('does not let an attacker lock the user out from another address, and caps guessing spread over many', async () => {
    // Behind a trusted proxy, X-Forwarded-For names the client: here it stands for many clients.
    const { url } = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < throttlePolicy.maxFailuresPerUserAndIp; i++) {
      const res = await api(url, 'POST', auth, { body: { ...testAdmin, password: `guess-${i}` }, headers: from('203.0.113.7') });
      expect(res.status).toBe(401);
    }
    expect((await api(url, 'POST', auth, { body: testAdmin, headers: from('203.0.113.7') })).status).toBe(429);
    const signedIn = await api(url, 'POST', auth, { body: testAdmin, headers: from('198.51.100.20') });
    expect(signedIn.status).toBe(200);

    // A botnet: each address stays under its own limits, the name's total does not.
    let sent = 0;
    for (let host = 1; sent < throttlePolicy.maxFailuresPerUser; host++) {
      for (let i = 0; i < throttlePolicy.maxFailuresPerUserAndIp - 1 && sent < throttlePolicy.maxFailuresPerUser; i++, sent++) {
        const res = await api(url, 'POST', auth, {
          body: { ...testAdmin, password: `spread-${sent}` },
          headers: from(`192.0.2.${host}`),
        });
        expect(res.status).toBe(401);
      }
    }
    const capped = await api(url, 'POST', auth, {
      body: { ...testAdmin, password: 'one-more-guess' },
      headers: from('192.0.2.250'),
    });
    expect(capped.status).toBe(429);
    expect(
      (await api(url, 'POST', auth, { body: { ...testAdmin, password: 'and-another' }, headers: from('192.0.2.251') })).status,
    ).toBe(429);
    // The account's lock is in the audit trail once per window, however many tries meet it; a
    // name without an account records nothing.
    for (let i = 0; i < 3; i++)
      await api(url, 'POST', auth, {
        body: { username: 'nobody-here', password: `x-${i}` },
        headers: from(`192.0.2.${200 + i}`),
      });
    const trail = await api(url, 'GET', '/api/v1/Audit?Action=signInLocked', { token: signedIn.body.jwtToken });
    expect(trail.body.data.map((e: { item: { title: string } }) => e.item.title)).toEqual([testAdmin.username]);
  });

  it('counts an IPv6 client by its /64, however the address is written; a name locked by guessing holds for the password alone', async () => {
    const { url } = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    const post = (ip: string, body: Record<string, string>) =>
      api(url, 'POST', auth, { body, headers: { 'x-forwarded-for': ip } });
    for (let i = 1; i <= throttlePolicy.maxFailuresPerUserAndIp; i++)
      expect((await post(`2001:db8:1:2::${i}`, { ...testAdmin, password: `guess-${i}` })).status).toBe(401);
    expect((await post('2001:db8:1:2:ffff:ffff:ffff:fffe', testAdmin)).status).toBe(429);
    expect((await post('2001:0DB8:0001:0002:0:0:0:abcd', testAdmin)).status).toBe(429);
    expect((await post('2001:db8:1:3::1', testAdmin)).status).toBe(200);
    // Without a second factor, the name's lock lets no one through (issue 27, point 8).
    for (let host = 1; host <= 10; host++)
      for (let i = 0; i < throttlePolicy.maxFailuresPerUserAndIp; i++)
        await post(`192.0.2.${host}`, { ...testAdmin, password: `spread-${host}-${i}` });
    expect((await post('198.51.100.30', testAdmin)).status).toBe(429);
  });

  it('does not count refused attempts: 51 from one address leave the right password working from another (red-team finding)', async () => {
    const { url } = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      statuses.push(
        (await api(url, 'POST', auth, { body: { ...testAdmin, password: `guess-${i}` }, headers: from('203.0.113.9') })).status,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(throttlePolicy.maxFailuresPerUserAndIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(51 - throttlePolicy.maxFailuresPerUserAndIp);
    // The guessing address stays throttled; the real user elsewhere is not.
    expect((await api(url, 'POST', auth, { body: testAdmin, headers: from('203.0.113.9') })).status).toBe(429);
    expect((await api(url, 'POST', auth, { body: testAdmin, headers: from('198.51.100.30') })).status).toBe(200);
  });

  it('leaves no lock behind a burst of parallel correct sign-ins from one address', async () => {
    const { url } = await startTestApp(kind);
    const burst = await Promise.all(Array.from({ length: 10 }, () => api(url, 'POST', auth, { body: testAdmin })));
    expect(burst.some((r) => r.status === 200)).toBe(true);
    expect(burst.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    for (let i = 0; i < 3; i++) expect((await api(url, 'POST', auth, { body: testAdmin })).status).toBe(200);
  });

  it('does not count a successful sign-in against the address', async () => {
    const { url } = await startTestApp(kind);
    for (let i = 0; i < throttlePolicy.maxFailuresPerIp + 5; i++) {
      expect((await api(url, 'POST', auth, { body: testAdmin })).status).toBe(200);
    }
  });

  it('does not let a forged X-Forwarded-For reset the per-IP count', async () => {
    const { url } = await startTestApp(kind);
    for (let i = 0; i < throttlePolicy.maxFailuresPerIp; i++) {
      const res = await api(url, 'POST', auth, {
        body: { username: `user${i}`, password: 'wrong-password!' },
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const next = await api(url, 'POST', auth, { body: testAdmin, headers: { 'x-forwarded-for': '10.9.9.9' } });
    expect(next.status).toBe(429);
  });

  it('rejects forged, altered, alg:none and expired tokens on Verfy and on guarded routes', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = `${header}.${b64url({ ...claims, sub: '999' })}.${signature}`;
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode('x'.repeat(64)));
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('y'.repeat(64)));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('z'.repeat(64)));
    for (const bad of [altered, none, hs512, otherKey, expired, 'garbage', '']) {
      const checked = await api(url, 'POST', verify, { body: { JWT: bad } });
      expect(checked.status, bad).toBe(401);
      expect(checked.body).toEqual({ valid: false });
      const guarded = await api(url, 'POST', logout, { token: bad || undefined });
      expect(guarded.status).toBe(401);
      expect(guarded.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('rejects a token signed with the real key once it has expired', async () => {
    const { url } = await startTestApp(kind, { JWT_SECRET: 's'.repeat(40) });
    const token = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('blitzschutz-site')
      .setAudience('blitzschutz-admin')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
      .sign(new TextEncoder().encode('s'.repeat(40)));
    expect((await api(url, 'POST', verify, { body: { JWT: token } })).status).toBe(401);
    // A token is good only with the id of a session that a sign-in opened.
    const { sid } = decodeJwt(await signIn(url));
    const withSession = (sessionId: unknown) =>
      new SignJWT({ ver: 0, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('blitzschutz-site')
        .setAudience('blitzschutz-admin')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('s'.repeat(40)));
    expect((await api(url, 'POST', verify, { body: { JWT: await withSession(sid) } })).status).toBe(200);
    for (const unknown of [undefined, 'f'.repeat(32), 42]) {
      expect((await api(url, 'POST', verify, { body: { JWT: await withSession(unknown) } })).status).toBe(401);
    }
    // Signed with the real key, but not a token this site issued for its admin area.
    const key = new TextEncoder().encode('s'.repeat(40));
    const claims = (issuer: string, audience: string) =>
      new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer(issuer).setAudience(audience);
    for (const other of [
      await claims('blitzschutz-site', 'another-service').setExpirationTime('1h').sign(key),
      await claims('someone-else', 'blitzschutz-admin').setExpirationTime('1h').sign(key),
      await claims('blitzschutz-site', 'blitzschutz-admin').sign(key),
      await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('blitzschutz-site')
        .setAudience('blitzschutz-admin')
        .setExpirationTime('1h')
        .sign(key),
    ]) {
      expect((await api(url, 'POST', verify, { body: { JWT: other } })).status).toBe(401);
    }
  });

  it('stores passwords as argon2id with 19 MiB, two passes and one lane, never in plain', async () => {
    const { database } = await startTestApp(kind);
    const [user] = await database.db.selectFrom('users').select('password_hash').execute();
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(user!.password_hash).not.toContain(testAdmin.password);
  });

  it('replaces a hash made with weaker parameters at the next sign-in, and keeps tokens valid', async () => {
    const { url, database } = await startTestApp(kind);
    const before = await signIn(url);
    const weak = await argon2.hash(testAdmin.password, { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await database.db.updateTable('users').set({ password_hash: weak }).execute();
    const after = await signIn(url);
    const [user] = await database.db.selectFrom('users').select('password_hash').execute();
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    for (const token of [before, after]) {
      expect((await api(url, 'POST', verify, { body: { JWT: token } })).status).toBe(200);
    }
    expect((await api(url, 'POST', auth, { body: { ...testAdmin, password: 'wrong password 123' } })).status).toBe(401);
  });

  it('ends a sign-in unused for SESSION_IDLE_MINUTES; requests keep it alive, asking Verfy does not', async () => {
    const idleMs = 3000;
    const { url } = await startTestApp(kind, { SESSION_IDLE_MINUTES: String(idleMs / 60_000) });
    const token = await signIn(url);
    const other = await signIn(url);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Guarded requests, each well within the idle time, for longer than the idle time.
    for (let i = 0; i < 5; i++) {
      await pause(idleMs / 3);
      expect((await api(url, 'GET', '/api/v1/Inquiry', { token })).status).toBe(200);
    }
    // Verfy names the end of the idle time as the session's end, and does not move it.
    const checked = await api(url, 'POST', verify, { body: { JWT: token } });
    expect(checked.status).toBe(200);
    expect(new Date(checked.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(idleMs);
    await pause(idleMs / 2);
    expect((await api(url, 'POST', verify, { body: { JWT: token } })).status).toBe(200);
    await pause(idleMs / 2 + 300);
    expect((await api(url, 'POST', verify, { body: { JWT: token } })).status).toBe(401);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token })).status).toBe(401);
    // The other sign-in was idle from the start; a new one works at once.
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token: other })).status).toBe(401);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token: await signIn(url) })).status).toBe(200);
  });

  it('lets a signed-in user change the password: the current one is needed, other sign-ins end, this one goes on', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const other = await signIn(url);
    const newPassword = 'Kupferband-Fangstange-Erder-97';
    const change = (body: object, with_ = token) => api(url, 'POST', password, { token: with_, body });

    const wrong = await change({ currentPassword: 'not the password', newPassword });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: 'is wrong' }]);
    const weak = await change({ currentPassword: testAdmin.password, newPassword: 'musterblitz2026' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].field).toBe('newPassword');
    const same = await change({ currentPassword: testAdmin.password, newPassword: testAdmin.password });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ field: 'newPassword', message: 'must differ from the current one' }]);
    expect((await change({ currentPassword: testAdmin.password })).status).toBe(400);
    expect((await change({ currentPassword: testAdmin.password, newPassword: 'short' })).status).toBe(400);
    expect((await api(url, 'POST', password, { body: { currentPassword: testAdmin.password, newPassword } })).status).toBe(401);

    const changed = await change({ currentPassword: testAdmin.password, newPassword });
    expect(changed.status).toBe(200);
    const fresh = changed.body.jwtToken as string;
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token: fresh })).status).toBe(200);
    for (const old of [token, other]) expect((await api(url, 'GET', '/api/v1/Inquiry', { token: old })).status).toBe(401);
    expect((await api(url, 'POST', auth, { body: testAdmin })).status).toBe(401);
    expect((await api(url, 'POST', auth, { body: { username: testAdmin.username, password: newPassword } })).status).toBe(200);
  });

  it('refuses a new password built from the saved company’s words, not the placeholder’s (issue 40)', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const change = (newPassword: string) =>
      api(url, 'POST', password, { token, body: { currentPassword: testAdmin.password, newPassword } });
    const details = (await api(url, 'GET', '/api/v1/Settings', { token })).body;
    const erdwerk = {
      ...details,
      name: 'Erdwerk Blitzschutz',
      legalName: 'Erdwerk Blitzschutz GmbH',
      city: 'Gelnhausen',
      website: 'https://www.erdwerk.de',
      email: 'info@erdwerk.de',
      vatId: 'DE123456789',
    };
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: erdwerk })).status).toBe(200);
    for (const guessable of ['Erdwerk2026!!', 'Erdwerk Blitzschutz 2026', 'gelnhausen-erdwerk']) {
      const refused = await change(guessable);
      expect(refused.status, guessable).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({
        field: 'newPassword',
        message: expect.stringMatching(/^is too easy to guess/),
      });
    }
    // The placeholder company's name is no word of this site any more.
    expect((await change('Musterblitz2026!!')).status).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins, so a stolen token cannot guess the password', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const statuses: number[] = [];
    for (let i = 0; i < throttlePolicy.maxFailuresPerUserAndIp + 1; i++) {
      const res = await api(url, 'POST', password, {
        token,
        body: { currentPassword: `guess number ${i}`, newPassword: 'Kupferband-Fangstange-Erder-97' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('lists the user’s sign-ins with this one marked, and ends any of them on request', async () => {
    const { url } = await startTestApp(kind);
    const here = await signIn(url);
    const there = await signIn(url);
    const list = await api(url, 'GET', sessions, { token: here });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const mine = list.body.data.find((s: { current: boolean }) => s.current);
    expect(mine.id).toBe(decodeJwt(here).sid);
    expect(list.body.data.filter((s: { current: boolean }) => !s.current).map((s: { id: string }) => s.id)).toEqual([
      decodeJwt(there).sid,
    ]);
    for (const s of list.body.data) {
      expect(Date.parse(s.createdAt)).toBeLessThanOrEqual(Date.parse(s.lastSeenAt));
    }
    // Ending the other sign-in: its token stops working at once, this one goes on.
    expect((await api(url, 'DELETE', `${sessions}/${decodeJwt(there).sid}`, { token: here })).status).toBe(204);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token: there })).status).toBe(401);
    expect((await api(url, 'GET', sessions, { token: here })).body.data).toHaveLength(1);
    // An unknown id, another user's or a malformed one: 404 / 400, nothing ended.
    expect((await api(url, 'DELETE', `${sessions}/${'0'.repeat(32)}`, { token: here })).status).toBe(404);
    expect((await api(url, 'DELETE', `${sessions}/../../x`, { token: here })).status).toBeGreaterThanOrEqual(400);
    expect((await api(url, 'DELETE', `${sessions}/ZZZ`, { token: here })).status).toBe(400);
    expect((await api(url, 'GET', sessions)).status).toBe(401);
    // Ending this one is signing out here.
    expect((await api(url, 'DELETE', `${sessions}/${decodeJwt(here).sid}`, { token: here })).status).toBe(204);
    expect((await api(url, 'GET', sessions, { token: here })).status).toBe(401);
  });

  it('creates one first admin with a random name, and marks only a generated first password as one to change', async () => {
    const generated = await freshDatabase(kind);
    await migrateToLatest(generated.db);
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      // Three instances starting at once on one database: one admin, printed once.
      await Promise.all([1, 2, 3].map(() => ensureAdmin(generated.db, undefined, pino({ level: 'silent' }))));
      expect(stdout.mock.calls.filter(([text]) => String(text).includes('Admin account created'))).toHaveLength(1);
    } finally {
      stdout.mockRestore();
    }
    const [first, ...others] = await generated.db.selectFrom('users').select(['username', 'must_change_password']).execute();
    expect(others).toEqual([]);
    // Not a default name such as `admin` (ASVS 6.3.2).
    expect(first).toEqual({ username: expect.stringMatching(/^admin-[0-9a-f]{8}$/), must_change_password: 1 });
    const chosen = await freshDatabase(kind);
    await migrateToLatest(chosen.db);
    await ensureAdmin(chosen.db, { username: 'erika', password: 'Erdungsband-Fundamenterder-2031' }, pino({ level: 'silent' }));
    expect(await chosen.db.selectFrom('users').select('must_change_password').execute()).toEqual([{ must_change_password: 0 }]);
  });

  it('lets a user with the generated password do nothing but change it (and sign out or end sign-ins)', async () => {
    const { url, database } = await startTestApp(kind);
    await database.db.updateTable('users').set({ must_change_password: 1 }).execute();
    const token = await signIn(url);
    const checked = await api(url, 'POST', verify, { body: { JWT: token } });
    expect(checked.body.passwordChangeRequired).toBe(true);
    const blocked = await api(url, 'GET', '/api/v1/Inquiry', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('password_change_required');
    expect((await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'X', translation: [] } })).status).toBe(403);
    expect((await api(url, 'GET', sessions, { token })).status).toBe(200);
    const changed = await api(url, 'POST', password, {
      token,
      body: { currentPassword: testAdmin.password, newPassword: 'Kupferband-Fangstange-Erder-97' },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.jwtToken as string;
    expect((await api(url, 'POST', verify, { body: { JWT: fresh } })).body.passwordChangeRequired).toBe(false);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token: fresh })).status).toBe(200);
  });

  it('makes earlier tokens invalid on logout', async () => {
    const { url } = await startTestApp(kind);
    const first = await signIn(url);
    const second = await signIn(url);
    const out = await api(url, 'POST', logout, { token: first });
    expect(out.status).toBe(204);
    for (const token of [first, second]) {
      expect((await api(url, 'POST', verify, { body: { JWT: token } })).status).toBe(401);
    }
    const third = await signIn(url);
    expect((await api(url, 'POST', verify, { body: { JWT: third } })).status).toBe(200);
  });
});
