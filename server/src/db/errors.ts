/** True for a unique-constraint violation, on SQLite and PostgreSQL alike. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

// Socket errors of a lost or refused database connection, and PostgreSQL's own codes for a
// server that is shutting down, starting up or has dropped the connection (class 08, 57P0x).
const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const postgresUnavailable = /^(08...|57P0[1-3]|53300)$/;
// node-postgres reports a dropped or timed-out connection by message only.
const poolMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed/i;

/**
 * True when the database cannot be reached or is busy for now: the request may succeed if it is
 * sent again later (503), unlike a bug (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (connectionCodes.has(code) || postgresUnavailable.test(code))) return true;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
  return poolMessages.test(error.message);
}

/** True when the disk (or the user's quota) is full: nothing can be stored until someone frees space. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}
