import pg from 'pg';

const FEED_LOCK = 7_261_003;

/**
 * One feed for the whole platform: on PostgreSQL the engine that holds this session-level advisory
 * lock runs it, and a standby keeps trying, taking over when the owner's connection ends. PGlite
 * has one process, which always owns it.
 */
export interface FeedOwnership {
  /** Resolves when this process owns the feed. */
  acquired: Promise<void>;
  release(): Promise<void>;
}

export function feedOwnership(databaseUrl: string | undefined, retryMs = 5000): FeedOwnership {
  if (!databaseUrl) return { acquired: Promise.resolve(), release: async () => undefined };
  const client = new pg.Client({ connectionString: databaseUrl });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const acquired = (async () => {
    await client.connect();
    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        FEED_LOCK,
      ]);
      if (rows[0]?.ok) return;
      if (stopped) throw new Error('stopped before owning the feed');
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
