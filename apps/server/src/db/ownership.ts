import pg from 'pg';

/**
 * One holder of a role for the whole platform (the market feed, the spot engines): on PostgreSQL
 * the process that holds a session-level advisory lock; a standby keeps trying and takes over when
 * the holder's connection ends. PGlite has one process, which always holds it.
 */
export interface Ownership {
  /** Resolves when this process holds the role. */
  acquired: Promise<void>;
  release(): Promise<void>;
}

/**
 * `role` names the lock; it is scoped to the connection's schema, so two platforms in two schemas of
 * one database (as the tests run) do not take each other's roles.
 */
export function advisoryOwnership(databaseUrl: string | undefined, role: string, retryMs = 5000): Ownership {
  if (!databaseUrl) return { acquired: Promise.resolve(), release: async () => undefined };
  const client = new pg.Client({ connectionString: databaseUrl });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const acquired = (async () => {
    await client.connect();
    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext(current_schema() || ':' || $1)) AS ok`,
        [role],
      );
      if (rows[0]?.ok) return;
      if (stopped) throw new Error('stopped before owning the role');
      await new Promise<void>((r) => {
        timer = setTimeout(r, retryMs);
      });
    }
  })();
  acquired.catch(() => undefined);
  return {
    acquired,
    async release() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client.end().catch(() => undefined);
    },
  };
}
