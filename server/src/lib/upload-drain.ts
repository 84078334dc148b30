import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long the rest of a refused upload may drain after the answer before its connection is cut. */
const drainAfterAnswerMs = 10_000;

/** How long an answer given before the whole upload arrived waits for the rest, before it is sent and the rest drained. */
const drainBeforeAnswerMs = 500;

/**
 * An `onSend` hook for routes that take uploads: an answer given before the whole upload arrived
 * (a limit, a bad file, a refusal before the body was read) must still reach the client, so the
 * rest of the body is read and dropped, and the connection is not reused.
 */
export async function drainUnreadUpload<T>(request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> {
  if (!request.raw.readableEnded) {
    // A small rest (the usual form, refused before its body was read: the rate limit's count
    // on a full disk) is read first, within a moment: then the connection stays usable, and
    // the client is not cut off while it still writes (EPIPE instead of the answer, once the
    // answer came quicker than the last bytes of the form: decision 038).
    request.raw.resume();
    await new Promise<void>((resolve) => {
      const done = setTimeout(resolve, drainBeforeAnswerMs);
      done.unref();
      request.raw.once('end', () => {
        clearTimeout(done);
        resolve();
      });
    });
  }
  if (!request.raw.readableEnded) {
    reply.header('connection', 'close');
    request.raw.resume();
    // A client that declared more than it sends would hold the connection open for good: once
    // the answer is out, the rest may take a while to drain, then the connection is cut.
    reply.raw.once('finish', () => {
      const cut = setTimeout(() => request.raw.socket?.destroy(), drainAfterAnswerMs);
      cut.unref();
      request.raw.once('end', () => clearTimeout(cut));
    });
  }
  return payload;
}
