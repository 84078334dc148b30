/**
 * Seconds from a Retry-After header, which may be a number of seconds or an HTTP date. On its own
 * so that the sign-in page's script (islands/sign-in.ts) reads it without the API client.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
