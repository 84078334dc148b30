/**
 * Shares reads of a value that changes elsewhere (the content version in the shared database)
 * between callers, without ever answering a caller from a read that began before it asked: a
 * caller arriving while a read is in flight waits for the next one, which starts when that one
 * ends and serves everyone who arrived meanwhile. So a change committed before a request arrived
 * is always seen by it — on this instance or any other — and under load the database answers
 * one read per round trip instead of one per request.
 */
export function coalescedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const noop = () => {};
  function start(): Promise<T> {
    const running = read();
    current = running;
    const clear = () => {
      if (current === running) current = undefined;
    };
    running.then(clear, clear);
    return running;
  }
  return () => {
    if (!current) return start();
    queued ??= current.then(noop, noop).then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };
}
