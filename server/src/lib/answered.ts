import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the work after an answer reads of the request: the metrics, the note of the origin, the
 * visitor count and the log line. Fastify's request is one; a kept page replayed before Fastify
 * (modules/pages/page-replay.ts, decision 039) makes another of the same shape, so that both
 * answers pass the same listeners.
 */
export type AnsweredRequest = Pick<
  FastifyRequest,
  'id' | 'method' | 'url' | 'headers' | 'cookies' | 'query' | 'params' | 'ip' | 'host' | 'hostname' | 'protocol' | 'admin'
> & {
  readonly routeOptions: { readonly url?: string | undefined };
  readonly log: FastifyBaseLogger;
};

/** What the work after an answer reads of the answer. */
export type AnsweredReply = Pick<FastifyReply, 'statusCode' | 'elapsedTime' | 'getHeader'>;

/** Work done once an answer has been sent; it must not throw, nor wait for anything. */
export type AnswerListener = (request: AnsweredRequest, reply: AnsweredReply) => void;

/** The listeners of every answer, in the order they were added. */
export class Answers {
  private readonly listeners: AnswerListener[] = [];

  listen(listener: AnswerListener): void {
    this.listeners.push(listener);
  }

  /** Tells every listener of an answer sent; one that throws is logged and the others still run. */
  answered(request: AnsweredRequest, reply: AnsweredReply): void {
    for (const listener of this.listeners) {
      try {
        listener(request, reply);
      } catch (error) {
        request.log.error({ err: error }, 'the work after an answer failed');
      }
    }
  }
}
