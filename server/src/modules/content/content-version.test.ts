import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { api, signIn, startTestApp, testDatabaseUrl, twoInstancesOnOnePostgres } from '../../test/helper';
import { bumpedSchemaOf, readContentVersion } from './content-version.repository';

// The content version learned by being told (decision 038): on SQLite from the instance's own
// writes, on PostgreSQL from the NOTIFY of the transaction that bumps it, with the version read
// per request while the listening connection is down. A change must show on the next request,
// on every instance.

const metricsToken = 'metrics-token-for-the-content-version-tests';

async function readiness(url: string) {
  return (await api(url, 'GET', '/readyz', { token: metricsToken })).body as {
    degraded?: string[];
    checks: { contentVersion: { ok: boolean; source: string } };
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const categoryNames = async (url: string) =>
  ((await api(url, 'GET', '/api/v1/Category')).body.data as { name: string }[]).map((c) => c.name);

async function createCategory(url: string, token: string, name: string) {
  const created = await api(url, 'POST', '/api/v1/Category', {
    token,
    body: { name, translation: [{ content: name, language: 1 }] },
  });
  expect(created.status).toBe(201);
}

describe('the content version on SQLite: from the instance’s own writes', () => {
  it('a change shows on the next request, the version is not read per request, and /readyz says where it comes from', async () => {
    const { app, url } = await startTestApp('sqlite', { METRICS_TOKEN: metricsToken });
    const token = await signIn(url);
    expect(await categoryNames(url)).not.toContain('Windparks');
    // Known now: further requests take it without reading it.
    const version = await app.contentVersion.version();
    expect(version).toBe(await readContentVersion(app.db));
    expect(app.contentVersion.version()).toBe(app.contentVersion.version());

    await createCategory(url, token, 'Windparks');
    expect(await categoryNames(url)).toContain('Windparks');
    expect(await app.contentVersion.version()).not.toBe(version);
    expect(await app.contentVersion.version()).toBe(await readContentVersion(app.db));

    const ready = await readiness(url);
    expect(ready.checks.contentVersion).toEqual({ ok: true, source: 'own-writes' });
    expect(ready.degraded).toBeUndefined();
  });
});

describe.runIf(testDatabaseUrl)('the content version on PostgreSQL: told by NOTIFY', { timeout: 60_000 }, () => {
  it('two instances: what one publishes, the other serves on the next request, each time', async () => {
    const { apps, urls } = await twoInstancesOnOnePostgres({ METRICS_TOKEN: metricsToken });
    const [a, b] = urls as [string, string];
    // Listening from the start.
    expect(apps.map((app) => app.contentVersion.source())).toEqual(['notifications', 'notifications']);
    expect((await readiness(b)).checks.contentVersion).toEqual({ ok: true, source: 'notifications' });
    const token = await signIn(a);
    for (const [i, [writer, reader]] of [
      [a, b],
      [b, a],
      [a, b],
    ].entries()) {
      // Both have kept the list under the version they know.
      await categoryNames(writer!);
      await categoryNames(reader!);
      await createCategory(writer!, token, `Windpark ${i}`);
      expect(await categoryNames(reader!)).toContain(`Windpark ${i}`);
      expect(await categoryNames(writer!)).toContain(`Windpark ${i}`);
    }
    const versions = await Promise.all(apps.map((app) => app.contentVersion.version()));
    expect(versions[0]).toBe(versions[1]);
    expect(versions[0]).toBe(await readContentVersion(apps[0]!.db));
  });

  it('with its listening connection lost, an instance reads the version per request, says so in /readyz, and listens again', async () => {
    const { apps, urls } = await twoInstancesOnOnePostgres({ METRICS_TOKEN: metricsToken });
    const [a, b] = urls as [string, string];
    const reader = apps[1]!;
    for (const app of apps)
      await until('listening', async () => (app.contentVersion.source() === 'notifications' ? true : undefined));
    const token = await signIn(a);
    await categoryNames(b);

    const pid = reader.contentVersion.listenerPid();
    expect(pid).toBeGreaterThan(0);
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    // Kept down until the outage has been looked at: the first retry comes after a quarter of a
    // second, sooner than a busy machine answers /readyz, so each new listener is cut off too.
    let keepDown = true;
    const cutOff = new Set<number>([pid!]);
    const keptDown = (async () => {
      while (keepDown) {
        const next = reader.contentVersion.listenerPid();
        if (next && !cutOff.has(next)) {
          cutOff.add(next);
          await admin.query('select pg_terminate_backend($1)', [next]);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      await admin.end();
    })();
    await until('the loss seen', async () => (reader.contentVersion.source() === 'reads' ? true : undefined));
    const degraded = await until('/readyz saying so', async () => {
      const ready = await readiness(b);
      return ready.degraded ? ready : undefined;
    });
    expect(degraded.degraded).toEqual(['contentVersion']);
    expect(degraded.checks.contentVersion).toEqual({ ok: false, reason: 'error', source: 'reads' });
    // Still ready: it answers correctly, reading the version per request.
    const open = await api(b, 'GET', '/readyz');
    expect(open.body.degraded).toEqual(['contentVersion']);
    expect(open.body.failing).not.toContain('contentVersion');
    expect(open.body.checks).toBeUndefined();

    await createCategory(a, token, 'Während der Pause');
    expect(await categoryNames(b)).toContain('Während der Pause');
    keepDown = false;
    await keptDown;

    // Back (a retry after a quarter of a second, doubled for each connection cut off), on a new connection.
    await until('listening again', async () => (reader.contentVersion.source() === 'notifications' ? true : undefined));
    expect(cutOff.has(reader.contentVersion.listenerPid()!)).toBe(false);
    await categoryNames(b);
    await createCategory(a, token, 'Nach der Pause');
    expect(await categoryNames(b)).toContain('Nach der Pause');
    const ready = await until('/readyz ok again', async () => {
      const answer = await readiness(b);
      return answer.degraded ? undefined : answer;
    });
    expect(ready.checks.contentVersion).toEqual({ ok: true, source: 'notifications' });
  });
});

describe('the schema a bump names', () => {
  it("is read from the payload, and a payload without one (an older release) is everyone's", () => {
    expect(bumpedSchemaOf('site_a:Qx9-abc_Z')).toBe('site_a');
    expect(bumpedSchemaOf('Qx9-abc_Z')).toBeUndefined();
    expect(bumpedSchemaOf(undefined)).toBeUndefined();
    expect(bumpedSchemaOf(':token')).toBeUndefined();
  });
});
