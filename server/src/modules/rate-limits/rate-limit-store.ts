import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/database';
import { countAttempt } from './attempts.repository';

type Incr = FastifyRateLimitStore['incr'];
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit that counts in the database (attempts.repository.ts), so that
 * a limit holds across every instance sharing it, instead of once per process. Each route that
 * asks for a limit counts under keys of its own (`rate:POST /api/v1/Contact:<client address>`).
 * The plugin keeps deciding and answering (429 with Retry-After); only the counting moves.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rate:',
    ) {}

    incr(...[key, callback, timeWindow]: Parameters<Incr>): void {
      const now = new Date();
      countAttempt(db, this.prefix + key, now, timeWindow).then(
        ({ attempts, windowStartedAt }) =>
          callback(null, { current: attempts, ttl: Math.max(0, windowStartedAt.getTime() + timeWindow - now.getTime()) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as unknown as RouteParams).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(undefined, `rate:${method} ${route?.url ?? ''}:`);
    }
  }
  return DatabaseRateLimitStore;
}
