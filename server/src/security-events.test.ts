import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { throttlePolicy } from './modules/auth/login-throttle';
import { generalMessage, pngFile, postContact, until } from './modules/contact/contact.test-kit';
import { dataUrl, svgWithScript } from './test/pictures';
import { type CapturedLog, api, databaseKinds, startTestApp } from './test/helper';

// The security log (SECURITY.md, "Logging inventory"): which events are written, with what, and
// that nothing secret or personal gets into any log line, the framework's own lines included.

const auth = '/api/v1/login/Auth';
const staff = { username: 'hausmeister-krause', password: 'eine-lange-passphrase-fuer-tests' };

function events(log: CapturedLog, name: string) {
  return log
    .lines()
    .filter((line) => line['security']?.event === name)
    .map((line) => ({ level: line['level'] as number, reqId: line['reqId'] as string, ...line['security'] }));
}

const warn = 40;
const info = 30;

async function signInAs(url: string, credentials = staff): Promise<string> {
  const res = await api(url, 'POST', auth, { body: credentials });
  expect(res.status).toBe(200);
  return res.body.jwtToken as string;
}

describe.each(databaseKinds)('security events on %s', (kind) => {
  it('logs every sign-in outcome with the user id and address, never the name or the password', async () => {
    const { url, log } = await startTestApp(kind, { ADMIN_USERNAME: staff.username, ADMIN_PASSWORD: staff.password });
    const unknown = { username: 'mallory-unbekannt', password: 'rate-mal-4711-passwort' };
    expect((await api(url, 'POST', auth, { body: unknown })).status).toBe(401);
    const token = await signInAs(url);
    const wrong = { username: staff.username, password: 'falsch-geraten-0815-xyz' };
    for (let i = 0; i < throttlePolicy.maxFailuresPerUserAndIp; i++) {
      expect((await api(url, 'POST', auth, { body: wrong })).status).toBe(401);
    }
    expect((await api(url, 'POST', auth, { body: staff })).status).toBe(429);

    const failed = events(log, 'login_failed');
    expect(failed[0]).toMatchObject({ level: warn, reason: 'unknown_user', userId: null, ip: '127.0.0.1' });
    expect(failed.filter((e) => e.reason === 'wrong_password')).toHaveLength(throttlePolicy.maxFailuresPerUserAndIp);
    expect(failed.find((e) => e.reason === 'wrong_password')).toMatchObject({ level: warn, userId: expect.any(Number) });
    expect(failed.at(-1)).toMatchObject({ level: warn, reason: 'throttled', retryAfterSeconds: expect.any(Number) });
    expect(events(log, 'login_succeeded')).toEqual([
      expect.objectContaining({ level: info, userId: expect.any(Number), method: 'password', ip: '127.0.0.1' }),
    ]);
    // Each event is tied to its request (the event says from where), and the request's one line
    // says when, what and how it ended.
    const request = log.lines().filter((l) => l['reqId'] === failed[0]!.reqId && l['msg'] === 'request completed');
    expect(request).toEqual([
      expect.objectContaining({ time: expect.any(Number), method: 'POST', route: auth, statusCode: 401 }),
    ]);

    const text = log.text();
    for (const secret of [staff.username, staff.password, unknown.username, unknown.password, wrong.password, token]) {
      expect(text).not.toContain(secret);
    }
  });

  it('logs refused tokens with the reason and route, and what a signed-in admin does, never a token', async () => {
    const secret = 'k'.repeat(48);
    const { url, log } = await startTestApp(kind, { JWT_SECRET: secret });
    const token = await signInAs(url, { username: 'admin', password: 'correct horse battery staple' });
    const forged = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').sign(Buffer.alloc(48, 1));
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('blitzschutz-site')
      .setAudience('blitzschutz-admin')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
      .sign(new TextEncoder().encode(secret));

    const created = await api(url, 'POST', '/api/v1/Category', {
      token,
      body: { name: 'Erdung', translation: [{ content: 'Earthing', language: 1 }] },
    });
    expect(created.status).toBe(201);
    expect((await api(url, 'DELETE', `/api/v1/Category/${created.body.id}`, { token: forged })).status).toBe(401);
    expect((await api(url, 'DELETE', `/api/v1/Category/${created.body.id}`, { token: expired })).status).toBe(401);
    expect((await api(url, 'GET', '/api/v1/Inquiry')).status).toBe(401);
    expect((await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: expired } })).status).toBe(401);
    expect((await api(url, 'POST', '/api/v1/login/Logout', { token })).status).toBe(204);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token })).status).toBe(401);

    expect(
      events(log, 'token_rejected').map(({ level, reason, method, route, via }) => ({ level, reason, method, route, via })),
    ).toEqual([
      { level: warn, reason: 'invalid', method: 'DELETE', route: '/api/v1/Category/:id', via: undefined },
      { level: warn, reason: 'expired', method: 'DELETE', route: '/api/v1/Category/:id', via: undefined },
      { level: warn, reason: 'missing', method: 'GET', route: '/api/v1/Inquiry', via: undefined },
      { level: info, reason: 'expired', method: undefined, route: undefined, via: 'verify' },
      { level: warn, reason: 'revoked', method: 'GET', route: '/api/v1/Inquiry', via: undefined },
    ]);
    const userId = events(log, 'login_succeeded')[0]!.userId;
    expect(events(log, 'admin_request').map(({ userId, method, route, status }) => ({ userId, method, route, status }))).toEqual([
      { userId, method: 'POST', route: '/api/v1/Category', status: 201 },
      { userId, method: 'POST', route: '/api/v1/login/Logout', status: 204 },
    ]);
    expect(events(log, 'logout')).toEqual([expect.objectContaining({ userId })]);

    const text = log.text();
    for (const value of [token, forged, expired, token.split('.')[2]!, 'Bearer', 'authorization']) {
      expect(text).not.toContain(value);
    }
  });

  it('logs refused input, files and floods by field name only, never what a visitor typed or sent', async () => {
    const { url, log } = await startTestApp(kind, {
      CONTACT_RATE_LIMIT: '4',
      CONTACT_MIN_FILL_SECONDS: '0',
      MAIL_POLL_MS: '50',
    });
    const visitor = {
      ...generalMessage,
      firstName: 'Zebulon',
      lastName: 'Quarkmeier',
      email: 'zq.privat@example.org',
      phone: '+49 170 9876543',
      message: 'Meine vertrauliche Nachricht 4711',
    };
    const disguised = { name: 'Zebulon-Lebenslauf.pdf', type: 'application/pdf', data: Buffer.from('<html>not a pdf</html>') };
    expect((await postContact(url, visitor, [disguised])).status).toBe(415);
    expect((await postContact(url, { ...visitor, email: 'zq.privat@@example' })).status).toBe(400);
    const stored = await postContact(url, visitor, [await pngFile('Zebulon-Ausweis.png')]);
    expect(stored.status).toBe(201);
    expect((await postContact(url, visitor)).status).toBe(201);
    expect((await postContact(url, visitor)).status).toBe(429);

    const token = await signInAs(url, { username: 'admin', password: 'correct horse battery staple' });
    const picture = dataUrl(svgWithScript, 'image/png');
    const project = await api(url, 'POST', '/api/v1/Project', { token, body: { title: 'Zebulon', picture } });
    expect(project.status).toBe(400);
    // Without SMTP_URL the mails are "sent" to the log: they must not carry the inquiry there either.
    await until(async () => {
      const detail = await api(url, 'GET', `/api/v1/Inquiry/${stored.body.id}`, { token });
      return detail.body.deliveryStatus === 'logged' || undefined;
    });

    const rejected = events(log, 'request_rejected').map(({ level, status, code, route, fields }) => ({
      level,
      status,
      code,
      route,
      fields,
    }));
    expect(rejected).toEqual([
      { level: warn, status: 415, code: 'unsupported_media_type', route: '/api/v1/Contact', fields: ['attachment'] },
      { level: warn, status: 400, code: 'validation', route: '/api/v1/Contact', fields: ['email'] },
      { level: warn, status: 429, code: 'too_many_requests', route: '/api/v1/Contact', fields: [] },
      { level: warn, status: 400, code: 'validation', route: '/api/v1/Project', fields: expect.arrayContaining(['title']) },
    ]);

    const text = log.text();
    for (const value of [
      'Zebulon',
      'Quarkmeier',
      visitor.email,
      'zq.privat',
      visitor.phone,
      'vertrauliche',
      'Lebenslauf',
      'Ausweis',
    ]) {
      expect(text, value).not.toContain(value);
    }
  });
});
