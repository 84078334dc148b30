import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Answers } from '../../lib/answered';

declare module 'fastify' {
  interface FastifyInstance {
    /** The work after each answer (metrics, origin note, visitor count), for Fastify's answers and replayed pages alike. */
    answers: Answers;
  }
}

/** One hook after every answer Fastify sends, running the listeners of `app.answers` (lib/answered.ts). */
export const answers = fp(async (app: FastifyInstance) => {
  const listeners = new Answers();
  app.decorate('answers', listeners);
  // A callback, not an async function: every request passes it.
  app.addHook('onResponse', (request, reply, done) => {
    listeners.answered(request, reply);
    done();
  });
});
