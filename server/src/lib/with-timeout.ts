/** What `withTimeout` rejects with when the work took too long. */
export class TimeoutError extends Error {}

/**
 * Runs `work` for at most `ms`: the answer, its error, or a TimeoutError. The work itself is not
 * stopped (a query on a hung connection goes on); only nobody waits for it any longer.
 */
export async function withTimeout<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(work), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
