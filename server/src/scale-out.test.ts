import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { generalMessage, postContact, until } from './modules/contact/contact-test-kit';
import { dataUrl, testPhoto } from './modules/projects/test-pictures';
import { api, testAdmin, testDatabaseUrl } from './test/helper';
import { RoundRobinProxy } from './test/round-robin-proxy';
import { kill, serverProcessEnvironment, startServerProcess } from './test/server-process';
import { SmtpSink } from './test/smtp-sink';

// Several instances (DESIGN.md §2, decision 018): two real server processes on one PostgreSQL
// schema behind a round-robin proxy, so that every request goes to the other instance than the
// one before. What one instance does, the other must see on the very next request.

type Instance = Awaited<ReturnType<typeof startServerProcess>>;

/** Two instances on one PostgreSQL schema and one DATA_DIR, and a proxy alternating between them. */
async function twoInstances(extra: Record<string, string> = {}) {
  // TODO(s3-storage): once the S3 storage backend (branch s3-storage) lands, start a real S3
  // protocol server here, give each instance a DATA_DIR of its own and the same S3_* variables,
  // so that the instances share nothing but PostgreSQL and S3. Until then the media and
  // attachment files are shared through one DATA_DIR.
  const { env } = await serverProcessEnvironment('postgres', { LOG_LEVEL: 'warn', ...extra });
  // Both at once, as an orchestrator starts replicas: one migrates (PostgreSQL serialises the
  // migrations) and creates the admin and the token key, the other finds them.
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  const instances = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (instances.length < 2) {
    for (const instance of instances) await kill(instance.child);
    throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
  }
  const [a, b] = instances as [Instance, Instance];
  const proxy = await RoundRobinProxy.start([a.url, b.url]);
  const stop = async () => {
    await kill(a.child);
    await kill(b.child);
  };
  return { env, proxy, url: proxy.url, stop };
}

const servedBy = (res: { headers: Headers }) => res.headers.get('x-served-by');

// Two server processes started through tsx on a busy machine: more time than the default.
describe.runIf(testDatabaseUrl)('two instances on one PostgreSQL behind a round-robin proxy', { timeout: 90_000 }, () => {
  it('a category or project changed through one is served by the other on the next request', async () => {
    const { url, stop } = await twoInstances();
    try {
      // Both instances read (and keep) the lists before the change.
      const before = [await api(url, 'GET', '/api/v1/Category'), await api(url, 'GET', '/api/v1/Category')];
      expect(new Set(before.map(servedBy))).toEqual(new Set(['0', '1']));
      const signedIn = await api(url, 'POST', '/api/v1/login/Auth', { body: testAdmin });
      const token = signedIn.body.jwtToken as string;

      const created = await api(url, 'POST', '/api/v1/Category', {
        token,
        body: { name: 'Windparks', translation: [{ content: 'Wind farms', language: 1 }] },
      });
      expect(created.status).toBe(201);
      const categories = await api(url, 'GET', '/api/v1/Category');
      expect(servedBy(categories)).not.toBe(servedBy(created));
      expect(categories.body.data.map((c: { name: string }) => c.name)).toContain('Windparks');

      await api(url, 'GET', '/api/v1/Project');
      await api(url, 'GET', '/api/v1/Project');
      const project = await api(url, 'POST', '/api/v1/Project', {
        token,
        body: {
          title: [
            { content: 'Umspannwerk Nord', language: 2 },
            { content: 'Substation North', language: 1 },
          ],
          categoryID: String(created.body.id),
          picture: dataUrl(await testPhoto(300, 200)),
        },
      });
      expect(project.status).toBe(201);
      const list = await api(url, 'GET', '/api/v1/Project');
      expect(servedBy(list)).not.toBe(servedBy(project));
      expect(list.body.data[0]).toMatchObject({ id: project.body.id, category: { name: 'Windparks' } });
      // Its picture, stored by one, is served by both (a shared DATA_DIR now; S3 later).
      const pictures = [await fetch(url + project.body.picture), await fetch(url + project.body.picture)];
      expect(pictures.map((p) => p.status)).toEqual([200, 200]);
      expect(new Set(pictures.map(servedBy))).toEqual(new Set(['0', '1']));

      const renamed = await api(url, 'PUT', `/api/v1/Project/${project.body.id}`, {
        token,
        body: {
          title: [
            { content: 'Umspannwerk Süd', language: 2 },
            { content: 'Substation South', language: 1 },
          ],
        },
      });
      expect(renamed.status).toBe(200);
      const read = await api(url, 'GET', `/api/v1/Project/${project.body.id}`);
      expect(servedBy(read)).not.toBe(servedBy(renamed));
      expect(read.body.title).toContainEqual({ content: 'Umspannwerk Süd', language: 2 });

      const removed = await api(url, 'DELETE', `/api/v1/Project/${project.body.id}`, { token });
      expect(removed.status).toBe(204);
      const gone = await api(url, 'GET', `/api/v1/Project/${project.body.id}`);
      expect(servedBy(gone)).not.toBe(servedBy(removed));
      expect(gone.status).toBe(404);
    } finally {
      await stop();
    }
  });

  it('a sign-in on one is accepted by the other, a sign-out on one ends it on both, and the sign-in throttle counts across both', async () => {
    const { url, stop } = await twoInstances();
    try {
      const signedIn = await api(url, 'POST', '/api/v1/login/Auth', { body: testAdmin });
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.jwtToken as string;
      const checked = await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: token } });
      expect(servedBy(checked)).not.toBe(servedBy(signedIn));
      expect(checked.body).toMatchObject({ valid: true, username: testAdmin.username });

      const loggedOut = await api(url, 'POST', '/api/v1/login/Logout', { token });
      expect(loggedOut.status).toBe(204);
      const afterwards = [
        await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: token } }),
        await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: token } }),
      ];
      expect(new Set(afterwards.map(servedBy))).toEqual(new Set(['0', '1']));
      expect(afterwards.map((r) => r.status)).toEqual([401, 401]);

      // Five wrong passwords for one name from one address, spread over both instances: the sixth is refused.
      const wrong = { username: testAdmin.username, password: 'not the password at all' };
      const attempts = [];
      for (let i = 0; i < 5; i++) attempts.push(await api(url, 'POST', '/api/v1/login/Auth', { body: wrong }));
      expect(attempts.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
      expect(new Set(attempts.map(servedBy))).toEqual(new Set(['0', '1']));
      const refused = [
        await api(url, 'POST', '/api/v1/login/Auth', { body: testAdmin }),
        await api(url, 'POST', '/api/v1/login/Auth', { body: testAdmin }),
      ];
      expect(refused.map((r) => r.status)).toEqual([429, 429]);
      expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await stop();
    }
  });

  it('the contact form limit counts across both, each mail goes out once, and housekeeping ran on one', async () => {
    const smtp = await SmtpSink.start();
    const { env, url, stop } = await twoInstances({
      SMTP_URL: smtp.url,
      CONTACT_RATE_LIMIT: '6',
      CONFIRMATION_MAIL: 'false',
      MAIL_POLL_MS: '20',
      MAIL_RETRY_BASE_MS: '100',
    });
    try {
      const posted = [];
      for (let i = 0; i < 6; i++) posted.push(await postContact(url, { ...generalMessage, firstName: `Person${i}` }));
      expect(posted.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      const limited = [await postContact(url, generalMessage), await postContact(url, generalMessage)];
      expect(limited.map((r) => r.status)).toEqual([429, 429]);
      expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(limited[1]!.headers.get('retry-after'))).toBeGreaterThan(0);

      // Both instances poll the one outbox every 20 ms: six inquiries, six mails, each once.
      await smtp.waitFor(6, 30_000);
      const { db } = await openDatabase({ kind: 'postgres', url: env['DATABASE_URL']! });
      try {
        await until(async () => {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where status <> 'sent'`.execute(
            db,
          );
          return rows[0]!.n === 0 ? true : undefined;
        });
        expect(smtp.received).toHaveLength(6);
        const subjects = smtp.received.map((m) => m.mail.subject);
        expect(new Set(subjects).size).toBe(6);
        const attempts = await sql<{ n: number }>`select count(*)::int as n from mail_attempts`.execute(db);
        expect(attempts.rows[0]!.n).toBe(6);
        // Housekeeping ran at start on one of them: one lease, one holder.
        const leases = await db.selectFrom('leases').selectAll().execute();
        expect(leases).toEqual([{ name: 'housekeeping', owner: expect.any(String), until: expect.any(String) }]);
      } finally {
        await db.destroy();
      }
    } finally {
      await stop();
    }
  });
});
