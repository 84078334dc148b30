import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helper';
import { kill, serverProcessEnvironment, startServerProcess } from '../test/server-process';
import { InstanceLockedError, lockDataDir } from './instance-lock';

describe('one server per SQLite data directory', () => {
  it('a second lock on the same data directory is refused until the first is released', () => {
    const dataDir = tempDir();
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(InstanceLockedError);
    // Another data directory is another site.
    lockDataDir(tempDir())();
    release();
    lockDataDir(dataDir)();
  });

  it('a second server process on the same DATA_DIR stops at start with one clear line and exit code 1', async () => {
    const { env } = await serverProcessEnvironment('sqlite');
    const first = await startServerProcess(env);
    try {
      const second = await startServerProcess(env).then(
        (s) => ({ started: s }),
        (error: Error) => ({ failed: error.message }),
      );
      if ('started' in second) await kill(second.started.child);
      expect(second).toEqual({ failed: expect.stringContaining('server exited with 1') });
      const lines = (second as { failed: string }).failed.split('\n').filter(Boolean);
      // The error is the one line the process wrote: no stack trace.
      expect(lines.slice(1)).toEqual([
        `Error: another server is already running on DATA_DIR ${env['DATA_DIR']} (SQLite serves one instance per data directory; for several instances use PostgreSQL, DATABASE_URL)`,
      ]);
      // The first one goes on serving.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      await kill(first.child);
    }
    // Killed, not shut down: the operating system released the lock with the process.
    const third = await startServerProcess(env);
    await kill(third.child);
  });
});
