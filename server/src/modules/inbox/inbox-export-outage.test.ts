import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { migrateToLatest } from '../../db/migrate';
import { signIn, tempDir, testConfig, testDatabaseUrl } from '../../test/helper';
import { relayedPostgres } from '../../test/tcp-proxy';

// The export streams: once its first bytes are out, a failure can no longer be a status code. It
// must then break the download off, so that a spreadsheet never gets a file that looks complete.
describe.runIf(testDatabaseUrl)('the CSV export when PostgreSQL goes away mid-way', () => {
  it('breaks the download off instead of ending it like a complete file', async () => {
    const dataDir = tempDir();
    const { direct, relayed: database, proxy } = await relayedPostgres(dataDir);
    await migrateToLatest(direct.db);
    // More than the server and the sockets buffer ahead of a client that stops reading (~30 MB).
    const message = 'Bitte um ein Angebot. '.repeat(90);
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 15_000; i += 500) {
      await direct.db
        .insertInto('inquiries')
        .values(
          Array.from({ length: 500 }, (_, k) => ({
            reference: `O-${i + k}`,
            subject: 'generalMessage',
            first_name: 'Erika',
            last_name: `Nummer ${i + k}`,
            phone: '1',
            email: 'erika@example.org',
            message,
            language: 'de',
            status: 'new',
            delivery_status: 'logged',
            created_at: new Date(start + (i + k) * 60_000).toISOString(),
          })),
        )
        .execute();
    }
    const app = await buildApp(testConfig(dataDir), { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const token = await signIn(url);
      const res = await fetch(`${url}/api/v1/Inquiry/Export`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      await proxy.cut();
      let received = first.value!.length;
      const rest = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return received;
          received += value.length;
        }
      })();
      await expect(rest).rejects.toThrow();
      expect(received).toBeLessThan(15_000 * message.length);
    } finally {
      await app.close();
    }
  });
});
