import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../test/run-admin';
import { buildApp } from '../app';
import { ConfigError } from '../config';
import { type DatabaseKind, type Db, openDatabase, sqliteFileIn } from '../db/database';
import { holdSiteExclusively } from '../db/instance-lock';
import { migrateDown, migrationNames } from '../db/migrate';
import { currentTotp } from '../modules/auth/second-factor';
import { api, databaseKinds, freshDatabase, tempDir, testConfig, testDatabaseUrl } from '../test/helper';

/** Where a site keeps its data: DATA_DIR, and for PostgreSQL a fresh schema named in DATABASE_URL. */
type Site = { dataDir: string; env: Record<string, string> };

async function newSite(kind: DatabaseKind = 'sqlite'): Promise<Site> {
  const dataDir = tempDir();
  if (kind === 'sqlite') return { dataDir, env: { DATA_DIR: dataDir } };
  const { db } = await freshDatabase('postgres', dataDir);
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
  const url = new URL(testDatabaseUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() } };
}

/** Runs `work` on the site's database, opened beside the processes that use it. */
async function withSiteDb<T>(site: Site, work: (db: Db) => Promise<T>): Promise<T> {
  const { db } = await openDatabase(
    site.env['DATABASE_URL']
      ? { kind: 'postgres', url: site.env['DATABASE_URL'], poolSize: 1 }
      : { kind: 'sqlite', file: sqliteFileIn(site.dataDir) },
  );
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

function runAdmin(args: string[], site: Site | string, input = '') {
  return runAdminCommand(args, typeof site === 'string' ? { DATA_DIR: site } : site.env, input);
}

/** Runs `work` against the server on the site (an admin `admin` with 'the-first-password' is made on first start). */
async function withServer<T>(site: Site | string, work: (url: string) => Promise<T>): Promise<T> {
  const { dataDir, env } = typeof site === 'string' ? { dataDir: site, env: {} } : site;
  const app = await buildApp(testConfig(dataDir, { ...env, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'the-first-password' }), {
    logger: false,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    return await work(`http://127.0.0.1:${port}`);
  } finally {
    await app.close();
  }
}

async function login(site: Site | string, username: string, password: string): Promise<number> {
  return withServer(site, async (url) => (await api(url, 'POST', '/api/v1/login/Auth', { body: { username, password } })).status);
}

// Every test runs the CLI as a process, several times: slow on a busy machine.
describe('npm run admin -- set-password', { timeout: 120_000 }, () => {
  it('changes an existing password read from stdin', async () => {
    const dataDir = tempDir();
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(200);
    const result = await runAdmin(['set-password', 'admin'], dataDir, 'a-brand-new-password\n');
    expect(result.stderr).toBe('');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Password of admin changed/);
    expect(await login(dataDir, 'admin', 'a-brand-new-password')).toBe(200);
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(401);
  });

  it('creates a missing user', async () => {
    const dataDir = tempDir();
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(200);
    const result = await runAdmin(['set-password', 'erika'], dataDir, 'erikas-long-password\n');
    expect(result.code, result.stderr).toBe(0);
    expect(await login(dataDir, 'erika', 'erikas-long-password')).toBe(200);
  });

  it('refuses a password under 12 characters, one that is easy to guess, and a wrong command', async () => {
    const dataDir = tempDir();
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(200);
    const short = await runAdmin(['set-password', 'admin'], dataDir, 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe('Error: Password must have at least 12 characters');
    for (const [guessable, name] of [
      ['password1234', 'admin'],
      ['qwertzuiop123', 'admin'],
      ['Musterblitz2026!', 'admin'],
      ['hanau-blitzschutz', 'admin'],
      ['erika-erika-2024', 'erika'],
    ]) {
      const refused = await runAdmin(['set-password', name!], dataDir, `${guessable}\n`);
      expect(refused.code, guessable).toBe(1);
      expect(refused.stderr.trim()).toMatch(/^Error: Password is too easy to guess/);
    }
    expect(await login(dataDir, 'erika', 'erika-erika-2024')).toBe(401);
    const wrong = await runAdmin(['remove-everything'], dataDir, '');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/Usage:/);
  });
});

describe('npm run admin -- reset-second-factor', { timeout: 120_000 }, () => {
  it('turns off a lost second factor, so that the password alone signs in again', async () => {
    const dataDir = tempDir();
    const token = await withServer(dataDir, async (url) => {
      const signedIn = (
        await api(url, 'POST', '/api/v1/login/Auth', { body: { username: 'admin', password: 'the-first-password' } })
      ).body.jwtToken as string;
      const started = await api(url, 'POST', '/api/v1/login/SecondFactor/Setup', {
        token: signedIn,
        body: { password: 'the-first-password' },
      });
      const code = currentTotp(started.body.secret);
      const confirmed = await api(url, 'POST', '/api/v1/login/SecondFactor/Confirm', { token: signedIn, body: { code } });
      expect(confirmed.status).toBe(200);
      return confirmed.body.jwtToken as string;
    });
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(401);

    const result = await runAdmin(['reset-second-factor', 'admin'], dataDir, '');
    expect(result.stderr).toBe('');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Second factor of admin turned off/);
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(200);
    // Whoever held a sign-in made with the lost phone is signed out.
    expect(await withServer(dataDir, async (url) => (await api(url, 'GET', '/api/v1/Inquiry', { token })).status)).toBe(401);

    const unknown = await runAdmin(['reset-second-factor', 'nobody'], dataDir, '');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('Error: There is no user nobody');
  });
});

describe.each(databaseKinds)('npm run admin on %s', { timeout: 120_000 }, (kind) => {
  it('refuses a database that does not exist, naming where it looked, and creates none', async () => {
    const site = await newSite(kind);
    if (kind === 'postgres') {
      // A password in DATABASE_URL never reaches the terminal (trust authentication ignores it).
      const url = new URL(site.env['DATABASE_URL']!);
      url.password = 'not-for-the-screen';
      site.env['DATABASE_URL'] = url.toString();
    }
    for (const args of [['set-password', 'admin'], ['list-users'], ['migrate', 'status'], ['migrate', 'up']]) {
      const refused = await runAdmin(args, site, 'a-brand-new-password\n');
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toMatch(
        /^Error: no site database at (\S+); start the site once \(npm start\) or check DATA_DIR \/ DATABASE_URL\n$/,
      );
      expect(refused.stderr).not.toMatch(/not-for-the-screen/);
      if (kind === 'sqlite') expect(refused.stderr).toContain(`at ${path.join(site.dataDir, 'site.sqlite')};`);
      else expect(refused.stderr).toMatch(/at postgres:\/\/postgres@127\.0\.0\.1:5432\/test\?options=/);
    }
    if (kind === 'sqlite') expect(fs.readdirSync(site.dataDir)).toEqual([]);
    else {
      const tables = await withSiteDb(site, (db) =>
        sql`select table_name from information_schema.tables where table_schema = current_schema()`.execute(db),
      );
      expect(tables.rows).toEqual([]);
    }
  });

  it('migrate status, down and up: pending migrations refuse the other commands until applied', async () => {
    const site = await newSite(kind);
    // The newest migration of this release, whichever it is.
    const last = migrationNames.at(-1)!;
    expect(await login(site, 'admin', 'the-first-password')).toBe(200);

    const status = await runAdmin(['migrate', 'status'], site);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(
      /^MIGRATION\s+STATE\s+APPLIED \(UTC\)\n2026-11-22_initial\s+applied\s+\d{4}-\d\d-\d\d \d\d:\d\d\n/,
    );
    expect(status.stdout).toMatch(new RegExp(`\\n${last}\\s+applied\\s+\\d{4}`));
    expect(status.stdout).toMatch(/\n\d+ applied, 0 pending\.\n$/);

    const down = await runAdmin(['migrate', 'down'], site);
    expect(down.stderr).toBe('');
    expect(down.code, down.stderr).toBe(0);
    expect(down.stdout).toMatch(new RegExp(`^Undid ${last}\\.`));
    expect((await runAdmin(['migrate', 'status'], site)).stdout).toMatch(
      new RegExp(`\\n${last}\\s+pending\\s+-\\n\\d+ applied, 1 pending\\.\\n$`),
    );

    const refused = await runAdmin(['list-users'], site);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Error: the database lacks migrations of this release (${last}); start the site (npm start) or run npm run admin -- migrate up\n`,
    );

    const up = await runAdmin(['migrate', 'up'], site);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toBe(`Applied ${last}.\n`);
    expect((await runAdmin(['migrate', 'up'], site)).stdout).toBe('Nothing to apply: the database is up to date.\n');
    const listed = await runAdmin(['list-users'], site);
    expect(listed.code, listed.stderr).toBe(0);
  });

  it('migrate down stops before the first migration', async () => {
    const site = await newSite(kind);
    expect(await login(site, 'admin', 'the-first-password')).toBe(200);
    await withSiteDb(site, async (db) => {
      while ((await migrateDown(db)) !== '2026-11-23_contact-inquiries');
    });
    const refused = await runAdmin(['migrate', 'down'], site);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'Error: 2026-11-22_initial is the first migration and is not undone: it would remove every table\n',
    );
    expect(await withSiteDb(site, async (db) => (await db.selectFrom('users').select('username').execute()).length)).toBe(1);
  });

  it('refuses a database a newer release migrated, and migrate status shows its migration', async () => {
    const site = await newSite(kind);
    expect(await login(site, 'admin', 'the-first-password')).toBe(200);
    await withSiteDb(site, (db) =>
      sql`insert into kysely_migration (name, timestamp) values ('2026-12-01_x', ${new Date().toISOString()})`.execute(db),
    );
    for (const args of [['list-users'], ['migrate', 'down'], ['migrate', 'up']]) {
      const refused = await runAdmin(args, site);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr).toBe(
        'Error: the database was migrated by a newer release (2026-12-01_x); start that release or restore a backup\n',
      );
    }
    const status = await runAdmin(['migrate', 'status'], site);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/\n2026-12-01_x\s+applied by a newer release\s+\d{4}-/);
    expect(status.stdout).toMatch(/, 1 of a newer release\.\n$/);
  });

  it('migrate up and down and restore refuse while a server runs on the site, naming it; the read-only commands work beside it', async () => {
    const site = await newSite(kind);
    expect(await login(site, 'admin', 'the-first-password')).toBe(200);
    const running = (what: string, servers = 1) =>
      kind === 'sqlite'
        ? `Error: a server is running on this site (DATA_DIR ${site.dataDir}, pid ${process.pid}): stop it before ${what}\n`
        : `Error: a server is running on this site (PostgreSQL, ${servers} instance(s) connected): stop ${servers > 1 ? 'them all' : 'it'} before ${what}\n`;
    const backup = path.join(tempDir(), 'site.tar.gz');
    await withServer(site, async (url) => {
      for (const [args, what] of [
        [['migrate', 'down'], 'migrate down'],
        [['migrate', 'up'], 'migrate up'],
        [['restore', path.join(tempDir(), 'any.tar.gz')], 'restore'],
      ] as const) {
        const refused = await runAdmin([...args], site);
        expect(refused.code, what).toBe(1);
        expect(refused.stderr).toBe(running(what));
      }
      for (const args of [['migrate', 'status'], ['list-users'], ['backup', backup]]) {
        const read = await runAdmin(args, site);
        expect(read.code, `${args.join(' ')}: ${read.stderr}`).toBe(0);
      }
      // Nothing was undone: the server still has its whole schema (it has no web build here).
      expect((await api(url, 'GET', '/readyz')).body).toEqual({ status: 'fail', failing: ['webBuild'] });
      if (kind === 'postgres') {
        // Several servers on one PostgreSQL: the line counts them.
        await withServer(site, async () => {
          expect((await runAdmin(['migrate', 'down'], site)).stderr).toBe(running('migrate down', 2));
        });
      }
    });
    // Once the server has stopped, the command runs.
    const down = await runAdmin(['migrate', 'down'], site);
    expect(down.code, down.stderr).toBe(0);
    expect(down.stdout).toMatch(/^Undid /);
  });

  it('a server does not start while a schema-changing command holds the site', async () => {
    const site = await newSite(kind);
    expect(await login(site, 'admin', 'the-first-password')).toBe(200);
    const release = await holdSiteExclusively({ dataDir: site.dataDir, databaseUrl: site.env['DATABASE_URL'] }, 'migrate down');
    try {
      if (kind === 'sqlite') {
        await expect(login(site, 'admin', 'the-first-password')).rejects.toThrow(
          `an admin command is changing this site (npm run admin -- migrate down, pid ${process.pid}, DATA_DIR ${site.dataDir}); start the server once it has finished`,
        );
      } else {
        // It waits for the command to finish, then starts.
        const started = login(site, 'admin', 'the-first-password');
        const early = await Promise.race([started, new Promise((resolve) => setTimeout(() => resolve('waiting'), 1500))]);
        expect(early).toBe('waiting');
        await release();
        expect(await started).toBe(200);
      }
    } finally {
      await release();
    }
  });

  it('list-users, disable-user and enable-user', async () => {
    const site = await newSite(kind);
    expect(await login(site, 'admin', 'the-first-password')).toBe(200);
    const last = await runAdmin(['disable-user', 'admin'], site);
    expect(last.code).toBe(1);
    expect(last.stderr).toBe(
      'Error: admin is the last active admin; make another account an admin first (create-user NAME --role admin, enable-user)\n',
    );
    const created = await runAdmin(['set-password', 'erika'], site, 'erikas-long-password\n');
    expect(created.code, created.stderr).toBe(0);

    const disabled = await runAdmin(['disable-user', 'erika'], site);
    expect(disabled.stderr).toBe('');
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toBe('erika is disabled: cannot sign in, and every sign-in of theirs has ended.\n');
    expect(await login(site, 'erika', 'erikas-long-password')).toBe(401);

    const listed = await runAdmin(['list-users'], site);
    expect(listed.code, listed.stderr).toBe(0);
    const [header, admin, erika, ...rest] = listed.stdout.split('\n');
    expect(header).toMatch(/^NAME\s+ROLE\s+SECOND FACTOR\s+DISABLED\s+CREATED \(UTC\)\s+LAST SIGN-IN \(UTC\)$/);
    expect(admin).toMatch(/^admin\s+admin\s+off\s+no\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(erika).toMatch(/^erika\s+admin\s+off\s+since \d{4}-\d\d-\d\d \d\d:\d\d\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+unknown$/);
    expect(rest).toEqual(['']);

    const changed = await runAdmin(['set-password', 'erika'], site, 'erikas-newer-password\n');
    expect(changed.stdout).toMatch(/erika is disabled: npm run admin -- enable-user erika lets them sign in/);
    const enabled = await runAdmin(['enable-user', 'erika'], site);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(enabled.stdout).toBe('erika can sign in again.\n');
    expect(await login(site, 'erika', 'erikas-newer-password')).toBe(200);

    const unknown = await runAdmin(['disable-user', 'nobody'], site);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('Error: There is no user nobody\n');
  });

  it('create-user NAME --role ROLE prints a one-time link to choose the password', async () => {
    const site = await newSite(kind);
    expect(await login(site, 'admin', 'the-first-password')).toBe(200);
    const created = await runAdmin(['create-user', 'hr', '--role', 'inbox'], site);
    expect(created.code, created.stderr).toBe(0);
    const link = /^(https?:\/\/\S+\/login#invitation=([\w-]+))$/m.exec(created.stdout);
    expect(created.stdout).toMatch(/^inbox hr created\. Give them this link to choose their password \(valid until \d{4}-/);
    expect(link).not.toBeNull();
    const stored = await withSiteDb(site, (db) => db.selectFrom('user_invitations').select('token_hash').execute());
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(link![2]);
    const listed = await runAdmin(['list-users'], site);
    expect(listed.stdout).toMatch(/\nhr\s+inbox\s+off\s+no\s/);
    expect((await runAdmin(['create-user', 'hr', '--role', 'inbox'], site)).stderr).toBe('Error: There is already a user hr\n');
    expect((await runAdmin(['create-user', 'x', '--role', 'owner'], site)).stderr).toBe(
      'Error: ROLE must be one of admin, editor, inbox, editorInbox\n',
    );
    expect((await runAdmin(['create-user', 'x'], site)).code).toBe(2);
  });
});

describe('ADMIN_USERNAME and ADMIN_PASSWORD', () => {
  it('refuse to create an admin with a password that is easy to guess, naming the variable', async () => {
    const dataDir = tempDir();
    const database = await freshDatabase('sqlite', dataDir);
    const config = testConfig(dataDir, { ADMIN_USERNAME: 'buero', ADMIN_PASSWORD: 'Musterblitz-2026' });
    const start = buildApp(config, { database, logger: false });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/^Invalid environment variable ADMIN_PASSWORD: is too easy to guess/);
    expect(await database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });
});

describe.runIf(testDatabaseUrl)('the PostgreSQL site lock of a running server', () => {
  it('is taken again when its connection drops, so that migrate down keeps refusing', async () => {
    const site = await newSite('postgres');
    const holders = () =>
      withSiteDb(site, async (db) =>
        (
          await sql<{ pid: number }>`select pid from pg_locks
            where locktype = 'advisory' and granted and mode = 'ShareLock'
              and classid = ${0x626c6974}::oid and objid = hashtext(current_schema())::oid`.execute(db)
        ).rows.map((r) => r.pid),
      );
    await withServer(site, async () => {
      const [first] = await holders();
      expect(first).toBeDefined();
      await withSiteDb(site, (db) => sql`select pg_terminate_backend(${first})`.execute(db));
      const deadline = Date.now() + 10_000;
      let now: number[] = [];
      while (Date.now() < deadline) {
        now = await holders();
        if (now.length === 1 && now[0] !== first) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(first);
      const refused = await runAdmin(['migrate', 'down'], site);
      expect(refused.stderr).toBe(
        'Error: a server is running on this site (PostgreSQL, 1 instance(s) connected): stop it before migrate down\n',
      );
    });
  });
});
