import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { generalMessage, pdfFile, postContact, until } from './modules/contact/contact.test-kit';
import { dataUrl, testPhoto } from './test/pictures';
import { type ObjectStorage, listAll } from './storage/object-storage';
import { createSiteStorage } from './storage/site-storage';
import { writeFakeWebBuild } from './test/fake-web-build';
import { api, onCleanup, tempDir, testAdmin, testDatabaseUrl, testS3 } from './test/helper';
import { RoundRobinProxy } from './test/round-robin-proxy';
import { kill, serverProcessEnvironment, startServerProcess } from './test/server-process';
import { SmtpSink } from './test/smtp-sink';

// Several instances (DESIGN.md §2, decision 018): two real server processes on one PostgreSQL
// schema and one S3 bucket, each with its own DATA_DIR, behind a round-robin proxy, so that every
// request goes to the other instance than the one before. What one instance does, the other must
// see on the very next request; what one stores, the other serves.

type Instance = Awaited<ReturnType<typeof startServerProcess>>;

/**
 * Two instances sharing one PostgreSQL schema and one S3 bucket (a real S3 protocol server), each
 * with a DATA_DIR of its own, and a proxy alternating between them: they share nothing else.
 */
async function twoInstances(extra: Record<string, string> = {}) {
  const s3 = await testS3();
  const { env, dataDir } = await serverProcessEnvironment('postgres', { LOG_LEVEL: 'warn', ...s3.env, ...extra });
  const dataDirs = [dataDir, tempDir()] as const;
  // Both at once, as an orchestrator starts replicas: one migrates (PostgreSQL serialises the
  // migrations) and creates the admin and the token key, the other finds them.
  const started = await Promise.allSettled(dataDirs.map((DATA_DIR) => startServerProcess({ ...env, DATA_DIR })));
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
  // What the bucket holds, read as a third party would (through the storage code, not an instance).
  const bucket = await createSiteStorage({ dataDir: tempDir(), objectStorage: s3.settings });
  onCleanup(async () => bucket.close());
  return { env, proxy, url: proxy.url, instances: [a, b] as const, dataDirs, bucket, stop };
}

/** Every file under the instances' DATA_DIRs: nothing of pictures or attachments is kept there. */
function filesOnDisk(dataDirs: readonly string[]): string[] {
  return dataDirs.flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name))),
  );
}

const keysIn = async (storage: ObjectStorage) => (await listAll(storage)).map((e) => e.key);

const servedBy = (res: { headers: Headers }) => res.headers.get('x-served-by');

// Two server processes started through tsx on a busy machine: more time than the default.
describe.runIf(testDatabaseUrl)('two instances sharing PostgreSQL and S3 behind a round-robin proxy', { timeout: 90_000 }, () => {
  it('a category or project changed through one is served by the other on the next request', async () => {
    const { url, dataDirs, bucket, stop } = await twoInstances();
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
      // Its picture and each variant, stored by one in the bucket, are served by both, the same bytes.
      const addresses: string[] = [project.body.picture, ...project.body.pictureSources.map((p: { url: string }) => p.url)];
      for (const address of addresses) {
        const pictures = [await fetch(url + address), await fetch(url + address)];
        expect(pictures.map((p) => p.status)).toEqual([200, 200]);
        expect(new Set(pictures.map(servedBy))).toEqual(new Set(['0', '1']));
        const [first, second] = await Promise.all(pictures.map(async (p) => Buffer.from(await p.arrayBuffer())));
        expect(first!.length).toBeGreaterThan(0);
        expect(first!.equals(second!)).toBe(true);
      }
      const stored = await keysIn(bucket.media);
      for (const address of addresses) expect(stored).toContain(address.replace(/^\/media\//, ''));
      expect(filesOnDisk(dataDirs)).toEqual([]);

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
      // In the trash its pictures stay (a restore brings them back); the trash emptied, they go from the bucket.
      expect((await api(url, 'DELETE', '/api/v1/Trash', { token })).status).toBe(200);
      await until(async () => ((await keysIn(bucket.media)).length === 0 ? true : undefined));
    } finally {
      await stop();
    }
  });

  it('a published text, a new job and a changed phone number show on the pages of both on the next request', async () => {
    // A web build whose server bundle renders the slogan, the phone and the jobs it is given.
    const webDist = writeFakeWebBuild(
      tempDir(),
      (key, lang) =>
        `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"></div></body></html>`,
      `const jobs = JSON.stringify(data ?? {}).match(/"content":"[^"]*"/g) ?? [];
      return { html: '<main>' + [content?.texts?.homepage?.hero?.slogan, content?.company?.phone, ...jobs].join(' | ') + '</main>', head: '' };`,
    );
    const { url, stop } = await twoInstances({ WEB_DIST: webDist });
    try {
      const token = (await api(url, 'POST', '/api/v1/login/Auth', { body: testAdmin })).body.jwtToken as string;
      // Each instance serves `text`: on the next request as a rule, within 2 s at most. The other
      // instance's PostgreSQL backend delivers the notification on its own schedule; on a machine
      // starved by a full test run it once came after the next request (decision 038's window).
      const bothServe = async (path: string, text: string) => {
        const served = new Map<string, string>();
        const deadline = Date.now() + 2000;
        do {
          const page = await api(url, 'GET', path);
          if (!served.has(servedBy(page)!) || !served.get(servedBy(page)!)!.includes(text))
            served.set(servedBy(page)!, page.text);
        } while ([...served.values()].filter((html) => html.includes(text)).length < 2 && Date.now() < deadline);
        expect([...served.keys()].sort()).toEqual(['0', '1']);
        for (const [instance, html] of served) expect(html, `${path} from ${instance}`).toContain(text);
      };
      await bothServe('/jobs', '<main>');

      await api(url, 'PUT', '/api/v1/Text', {
        token,
        body: { namespace: 'homepage', key: 'hero.slogan', language: 'en', content: 'Grounded on both instances' },
      });
      expect((await api(url, 'POST', '/api/v1/Text/Publish', { token })).body).toEqual({ published: 1 });
      await bothServe('/?lang=en', 'Grounded on both instances');

      const job = await api(url, 'POST', '/api/v1/Job', {
        token,
        body: {
          title: [
            { content: 'Monteur für beide Instanzen', language: 2 },
            { content: 'Fitter for both instances', language: 1 },
          ],
          tasks: [],
          profile: [],
          offer: [],
          howToApply: [],
          location: 'Hanau',
          employmentType: 'FULL_TIME',
          contact: '',
          published: true,
        },
      });
      expect(job.status).toBe(201);
      await bothServe('/jobs', 'Monteur für beide Instanzen');

      const settings = (await api(url, 'GET', '/api/v1/Settings', { token })).body;
      delete settings.isSample;
      delete settings.updatedAt;
      expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...settings, phone: '+49 6181 424242' } })).status).toBe(
        200,
      );
      await bothServe('/aboutus', '+49 6181 424242');
      // The browser's translations name the same version on both.
      const texts = [
        await api(url, 'GET', '/assets/i18n/homepage/en.json'),
        await api(url, 'GET', '/assets/i18n/homepage/en.json'),
      ];
      expect(texts[0]!.headers.get('etag')).toBe(texts[1]!.headers.get('etag'));
      expect(texts.map((t) => t.body.hero.slogan)).toEqual(['Grounded on both instances', 'Grounded on both instances']);
    } finally {
      await stop();
    }
  });

  it('a website saved through one is the public address of both from the next request: heads, sitemap, robots.txt, security.txt', async () => {
    // A web build whose pages and server bundle write the build's origin into the head, as the real ones do.
    const built = 'https://www.example.com';
    const webDist = writeFakeWebBuild(
      tempDir(),
      (key, lang) =>
        `<!doctype html><html lang="${lang}"><head><link rel="canonical" href="${built}/" /></head><body><div id="root"></div></body></html>`,
      `return { html: '<main></main>', head: '<link rel="canonical" href="' + origin + url.split('?')[0] + '" />' };`,
    );
    const { url, stop } = await twoInstances({ WEB_DIST: webDist });
    try {
      const token = (await api(url, 'POST', '/api/v1/login/Auth', { body: testAdmin })).body.jwtToken as string;
      const bothSay = async (address: string, text: string) => {
        const answers = [await api(url, 'GET', address), await api(url, 'GET', address)];
        expect(new Set(answers.map(servedBy))).toEqual(new Set(['0', '1']));
        for (const answer of answers) expect(answer.text, `${address} from ${servedBy(answer)}`).toContain(text);
      };
      await bothSay('/aboutus', `<link rel="canonical" href="${built}/`);
      await bothSay('/robots.txt', `Sitemap: ${built}/sitemap.xml`);

      const settings = (await api(url, 'GET', '/api/v1/Settings', { token })).body;
      delete settings.isSample;
      delete settings.updatedAt;
      const website = 'https://www.blitzwerk-beide.example';
      const saved = await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...settings, website: `${website}/start` } });
      expect(saved.status).toBe(200);
      await bothSay('/aboutus', `<link rel="canonical" href="${website}/aboutus" />`);
      await bothSay('/sitemap.xml', `<loc>${website}/</loc>`);
      await bothSay('/robots.txt', `Sitemap: ${website}/sitemap.xml`);
      await bothSay('/.well-known/security.txt', `Canonical: ${website}/.well-known/security.txt`);
      for (let i = 0; i < 2; i++) {
        const address = await api(url, 'GET', '/api/v1/Settings/Address', { token });
        expect(address.body).toMatchObject({ publicOrigin: website, source: 'website', matches: false });
      }
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

  it('an attachment received by one is mailed by the other and downloaded through either; neither keeps it on its disk', async () => {
    // No mail server yet: the mail waits in the outbox until the instance that took the inquiry is gone.
    const smtp = await SmtpSink.reserve();
    const { url, instances, dataDirs, bucket, stop } = await twoInstances({
      SMTP_URL: smtp.url,
      CONFIRMATION_MAIL: 'false',
      MAIL_POLL_MS: '20',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_RETRY_MAX_MS: '500',
      // A mail the killed instance had claimed is free again after this.
      MAIL_LEASE_MS: '1000',
    });
    const [receiver, other] = instances;
    try {
      const plan = pdfFile('Plan Halle 3.pdf', 50_000);
      const posted = await postContact(receiver.url, generalMessage, [plan]);
      expect(posted.status).toBe(201);
      expect(await keysIn(bucket.attachments)).toHaveLength(1);

      // Both instances hand out its file to staff, the same bytes.
      const signedIn = await api(url, 'POST', '/api/v1/login/Auth', { body: testAdmin });
      const token = signedIn.body.jwtToken as string;
      const detail = await api(url, 'GET', `/api/v1/Inquiry/${posted.body.id}`, { token });
      const attachmentUrl = url + (detail.body.attachments[0].url as string);
      const downloads = [];
      for (let i = 0; i < 2; i++) downloads.push(await fetch(attachmentUrl, { headers: { authorization: `Bearer ${token}` } }));
      expect(downloads.map((d) => d.status)).toEqual([200, 200]);
      expect(new Set(downloads.map(servedBy))).toEqual(new Set(['0', '1']));
      for (const d of downloads) expect(Buffer.from(await d.arrayBuffer()).equals(plan.data)).toBe(true);

      // The instance that took the inquiry is gone; the other mails it with the file read from the bucket.
      await kill(receiver.child);
      await smtp.listen();
      const [mail] = await smtp.waitFor(1, 30_000);
      expect(mail!.mail.subject).toContain(posted.body.reference);
      expect(mail!.mail.attachments.map((m) => [m.filename, m.content.equals(plan.data)])).toEqual([['Plan Halle 3.pdf', true]]);
      expect(smtp.received).toHaveLength(1);
      await until(async () => {
        const stored = await api(other.url, 'GET', `/api/v1/Inquiry/${posted.body.id}`, { token });
        return stored.body.deliveryStatus === 'delivered' || undefined;
      });

      expect(filesOnDisk(dataDirs)).toEqual([]);
    } finally {
      await stop();
    }
  });
});
