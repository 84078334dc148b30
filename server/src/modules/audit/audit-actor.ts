import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Who a change is recorded for: a signed-in user (id and name at the time), or the system / command line. */
export type AuditActor = { id: number | null; name: string };

/** Changes made with nobody signed in (housekeeping, seeding, a visitor's own inquiry). */
export const systemActor: AuditActor = { id: null, name: 'system' };

/** The operator at the server's command line (npm run admin -- …). */
export const commandLineActor: AuditActor = { id: null, name: 'command line' };

const requestActor = new AsyncLocalStorage<AuditActor>();

/** The signed-in user of the request being served, if any (set by `auditActorContext`). */
export const currentActor = (): AuditActor | undefined => requestActor.getStore();

/**
 * Makes the signed-in user of a request the actor of every change its handler records, without
 * handing it through each service: the route guard (onRequest) has set `request.admin` by
 * preHandler, and `done` called inside `run` carries the context into the handler.
 */
export const auditActorContext = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    const admin = request.admin;
    if (!admin) return done();
    requestActor.run({ id: admin.id, name: admin.username }, done);
  });
});

/**
 * Runs `work` with `actor` as the actor of every change it records, where no request carries one:
 * a job a signed-in user started, which runs on after the request was answered (the WordPress
 * import, decision 054), or a command at the server's command line.
 */
export function runAs<T>(actor: AuditActor, work: () => Promise<T>): Promise<T> {
  return requestActor.run(actor, work);
}
