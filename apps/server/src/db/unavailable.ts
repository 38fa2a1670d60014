/**
 * Whether `error` says the database could not be reached or dropped the connection (stopped,
 * restarting, a network cut), not that a statement was wrong: the request is answered 503
 * `service_unavailable` (the client may repeat it: nothing was committed that it did not hear of,
 * or an idempotency key makes it once), not 500. The pool opens new connections once the server is
 * back: nothing to do but wait.
 */
export function databaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  // Class 08: connection exceptions; 57P01-57P03: the server shutting down or starting.
  if (/^08/.test(code) || /^57P0[123]$/.test(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
    return true;
  const message = typeof e.message === 'string' ? e.message : '';
  // node-postgres's own words for a connection that ended, or that the pool could not open in time.
  return /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable/.test(
    message,
  );
}
