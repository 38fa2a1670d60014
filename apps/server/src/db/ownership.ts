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

export interface OwnershipOptions {
  retryMs?: number;
  /**
   * The lock's connection failed or ended while this process held the role or waited for it (an
   * operator's pg_terminate_backend, a PostgreSQL restart, a network cut). PostgreSQL has released
   * the lock, so a standby may already own the role: this process must stop acting as its owner.
   * The default ends the process (`endForLostRole`); a supervisor starts it again as a standby.
   */
  onLost?: (error: Error) => void;
}

/** What a process does when its role's lock is lost: say so, then end, so two owners never run. */
export function endForLostRole(role: string, log: { fatal(obj: object, msg: string): void }) {
  return (error: Error) => {
    log.fatal(
      { err: error, role },
      `lost the ${role} lock's connection: ending, so another process takes the role`,
    );
    process.exit(1);
  };
}

/**
 * `role` names the lock; it is scoped to the connection's schema, so two platforms in two schemas of
 * one database (as the tests run) do not take each other's roles.
 */
export function advisoryOwnership(
  databaseUrl: string | undefined,
  role: string,
  { retryMs = 5000, onLost }: OwnershipOptions = {},
): Ownership {
  if (!databaseUrl) return { acquired: Promise.resolve(), release: async () => undefined };
  const client = new pg.Client({ connectionString: databaseUrl });
  let stopped = false;
  let lost = false;
  let timer: NodeJS.Timeout | undefined;
  // An unheard 'error' would end the process by accident (the pool's lesson, decision 0118's defect);
  // here losing the connection is a decision, made once, whichever of error and end comes first.
  const lose = (error: Error) => {
    if (stopped || lost) return;
    lost = true;
    if (timer) clearTimeout(timer);
    onLost?.(error);
  };
  client.on('error', lose);
  client.on('end', () => lose(new Error('the lock connection ended')));
  const acquired = (async () => {
    await client.connect();
    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext(current_schema() || ':' || $1)) AS ok`,
        [role],
      );
      if (rows[0]?.ok) return;
      if (stopped || lost) throw new Error('stopped before owning the role');
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
