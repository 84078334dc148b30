import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { takeLease } from './leases.repository';

/** A piece of periodic clean-up; it answers what it removed (logged when any is above 0). */
export type HousekeepingTask = { name: string; run: () => Promise<Record<string, number>> };

const leaseName = 'housekeeping';

/**
 * Runs the tasks once at start and then every `everyMs`, on one instance at a time: each round
 * first takes a lease in the database, held for a little less than the interval and not given
 * back, so that among all instances sharing the database whichever looks first after it ran out
 * does the round, and the others skip it. An instance that stops while holding it delays the
 * next round by at most one interval.
 */
export function createHousekeeping(
  db: Db,
  tasks: HousekeepingTask[],
  log: FastifyBaseLogger,
  options: { everyMs?: number; owner?: string } = {},
) {
  const everyMs = options.everyMs ?? 3600_000;
  const owner = options.owner ?? crypto.randomUUID();
  const holdMs = everyMs - Math.min(60_000, everyMs / 10);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;

  async function round(): Promise<boolean> {
    const now = new Date();
    if (!(await takeLease(db, leaseName, owner, now, new Date(now.getTime() + holdMs)))) return false;
    for (const task of tasks) {
      try {
        const removed = await task.run();
        if (Object.values(removed).some((n) => n > 0)) log.info({ task: task.name, ...removed }, 'housekeeping');
      } catch (error) {
        log.error({ err: error, task: task.name }, 'housekeeping failed');
      }
    }
    return true;
  }

  /** One round now (unless one is running: then that one); true if this instance did it. */
  const run = (): Promise<boolean> =>
    (running ??= round()
      .catch((error: unknown) => {
        log.error({ err: error }, 'housekeeping failed');
        return false;
      })
      .finally(() => (running = undefined)));

  return {
    run,
    start() {
      void run();
      timer = setInterval(() => void run(), everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
