import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { advanceSiteValue, readSiteValue } from '../../db/site-values.repository';
import { inTransaction } from '../../db/transaction';
import { coalescedRead } from '../../lib/coalesced-read';
import { bumpContentVersion } from './content-version.repository';

/**
 * Content that changes by the clock alone (decision 063): a module's next moment after `after`
 * (UTC ISO text) at which what visitors see changes without a write — a scheduled news post's
 * time. Undefined: none is coming.
 */
export type ScheduledChanges = (db: Db, after: string) => Promise<string | undefined>;

/**
 * The moment up to which every scheduled change has moved the content version: each moment at or
 * before it was followed by a bump at least `marginMs` after it. A claim advances it.
 */
const claimedKey = 'content_schedule_claimed';

export type ContentSchedule = {
  start(): void;
  stop(): Promise<void>;
  /** Looks for the next moment again: after a write of this instance that may have changed it (a post saved). */
  rearm(): Promise<void>;
};

/**
 * Moves the content version when a scheduled change comes due, on every instance at once and by
 * exactly one of them (decision 063). Each instance keeps a timer for the next moment any source
 * names after the claimed one, armed again when told of another instance's move of the content
 * version (a save there that scheduled, moved or took back a post moves it), after a write of its
 * own that asks for it (`rearm`), after each firing, and at least every `recheckMs`. When the timer fires, `marginMs` after the moment (so that an instance whose clock
 * is a little behind reads the post as due once the version has moved), the instance claims the
 * moment in one statement and, if it won, bumps the version in the same transaction; the bump tells
 * every instance (decision 038), their kept pages and reads go, and the next request on any of them
 * reads the post as visible. A moment missed while no instance ran is found at the next start
 * (it is after the claimed one and due): one bump then.
 */
export function scheduleContentChanges(options: {
  db: Db;
  sources: readonly ScheduledChanges[];
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Tells of each move of the content version other instances make (decision 038's notifications); answers a function that stops telling. */
  onToldOfMove: (listener: () => void) => () => void;
  marginMs?: number;
  recheckMs?: number;
}): ContentSchedule {
  const { db, sources, clock, log } = options;
  const marginMs = options.marginMs ?? 1000;
  const recheckMs = options.recheckMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let stopListening: (() => void) | undefined;
  let firing: Promise<void> | undefined;

  /** The next moment after the claimed one, of all sources. */
  async function nextMoment(): Promise<string | undefined> {
    const claimed = (await readSiteValue(db, claimedKey)) ?? '';
    const moments = await Promise.all(sources.map((next) => next(db, claimed)));
    return moments.filter((m): m is string => m !== undefined).sort()[0];
  }

  /** Claims `moment` (still after the claimed one) up to now less the margin, and bumps the version if this instance won. */
  async function claim(moment: string): Promise<boolean> {
    const through = new Date(clock().getTime() - marginMs).toISOString();
    return inTransaction(db, async (trx) => {
      if (!(await advanceSiteValue(trx, claimedKey, through, moment))) return false;
      await bumpContentVersion(trx);
      return true;
    });
  }

  function setTimer(delayMs: number, moment: string | undefined): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void fire(moment), Math.max(0, Math.min(delayMs, recheckMs)));
    timer.unref();
  }

  const arm = coalescedRead(async () => {
    if (stopped) return;
    try {
      const moment = await nextMoment();
      const delay = moment === undefined ? recheckMs : Date.parse(moment) + marginMs - clock().getTime();
      setTimer(delay, moment);
    } catch (error) {
      log.warn({ err: error }, 'content schedule: cannot read the next scheduled change; trying again');
      setTimer(Math.min(recheckMs, 5000), undefined);
    }
  });

  async function fire(moment: string | undefined): Promise<void> {
    if (moment !== undefined && Date.parse(moment) + marginMs <= clock().getTime()) {
      firing = claim(moment)
        .then((won) => {
          if (won) log.info({ moment }, 'content schedule: a scheduled change is due; content version moved');
        })
        .catch((error: unknown) => log.warn({ err: error, moment }, 'content schedule: cannot claim a scheduled change'))
        .finally(() => (firing = undefined));
      await firing;
    }
    await arm();
  }

  return {
    start() {
      stopped = false;
      stopListening = options.onToldOfMove(() => void arm());
      void arm();
    },
    async stop() {
      stopped = true;
      stopListening?.();
      clearTimeout(timer);
      await firing;
    },
    rearm: arm,
  };
}
