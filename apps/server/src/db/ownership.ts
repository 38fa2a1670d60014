import pg from 'pg';
import { RESTART_EXIT_CODE } from '../platform/restart.ts';
import type { TableOwner } from '../platform/tables.ts';
import type { Queryable } from './db.ts';
import type { Params } from './params.ts';

/** The roles' generations (fencing tokens): only this file names the table. */
export const ownershipTables: TableOwner = { tables: ['engine_generations'] };

/** A write of a role's owner that found a newer owner: refused, rolled back. */
export class FencedError extends Error {
  constructor(readonly role: string) {
    super(`the ${role} role has a newer owner: this process no longer owns it`);
    this.name = 'FencedError';
  }
}

/**
 * The fencing token of a role (decision 0148): the process that takes the role adds one to the
 * role's generation, in the session that holds the role's lock, and remembers it; every write
 * transaction of the role's owner checks, under a share lock on the role's row, that the generation
 * is still its own. A stale owner (its lock's connection lost unnoticed, a standby took over) is
 * refused instead of writing beside the new one; the takeover's increment waits for the writes
 * that hold the share lock, so the new owner's recovery reads every write the old one committed.
 * One check per transaction (per batch), never per order. PGlite has one process: the check still
 * runs and passes.
 */
export class Fence {
  private generation: string | undefined;
  private lost = false;
  /** Called once, when a write first finds a newer owner: the ownership's lost-lock path. */
  onFenced: (error: Error) => void = () => undefined;

  constructor(readonly role: string) {}

  /** The generation this process took, while it may still write as the role's owner. */
  get held(): string | undefined {
    return this.lost ? undefined : this.generation;
  }

  /** Takes the next generation of the role (the caller holds the role's lock, or is the only process). */
  async take(q: Pick<Queryable, 'query'>): Promise<string> {
    const [row] = await q.query<{ generation: string }>(
      `INSERT INTO engine_generations (role, generation) VALUES ($1, 1)
       ON CONFLICT (role) DO UPDATE SET generation = engine_generations.generation + 1
       RETURNING generation::text AS generation`,
      [this.role],
    );
    if (!row) throw new Error(`no generation taken for ${this.role}`);
    this.generation = row.generation;
    this.lost = false;
    return row.generation;
  }

  /** The role is lost (its lock's connection ended): every later write is refused here, with no round trip. */
  lose(): void {
    this.lost = true;
  }

  /**
   * Inside the caller's transaction, before its writes: refuses (throws `FencedError`, rolling the
   * transaction back) unless the role's generation is still this process's. The share lock holds
   * a takeover back until the transaction ends.
   */
  async check(q: Queryable): Promise<void> {
    if (this.held === undefined) throw new FencedError(this.role);
    const rows = await q.query(
      `SELECT 1 FROM engine_generations WHERE role = $1 AND generation = $2::bigint FOR SHARE`,
      [this.role, this.generation],
    );
    if (rows.length === 0) this.fenced();
  }

  /**
   * The check as a CTE body of the caller's one statement (the intake's): one row while the
   * generation is this process's, none once a newer owner took the role. The statement must make
   * its writes depend on that row, and call `fenced` when it found none.
   */
  guard(sql: Params): string {
    return `SELECT 1 AS held FROM engine_generations WHERE role = ${sql.p(this.role)}
      AND generation = ${sql.p(this.held ?? null)}::bigint FOR SHARE`;
  }

  /** A write found a newer owner: from now on this process does not own the role. */
  fenced(): never {
    const error = new FencedError(this.role);
    if (!this.lost) {
      this.lost = true;
      this.onFenced(error);
    }
    throw error;
  }
}

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
   * The default ends the process (`endForLostRole`, exit code 75); a supervisor starts it again
   * as a standby (`npm start` does, scripts/supervise.mjs).
   * A write refused by the role's fence (a newer owner took the role) takes the same path.
   */
  onLost?: (error: Error) => void;
  /**
   * The role's fencing token: taken (the generation raised) in the lock's session once the lock is
   * held, before `acquired` resolves; lost with the lock. Without a database URL it is taken on `db`.
   */
  fence?: Fence;
  /** The database the fence is taken on when there is no URL (the embedded PGlite, one process). */
  db?: Pick<Queryable, 'query'>;
}

/** What a process does when its role's lock is lost: say so, then end, so two owners never run. */
export function endForLostRole(role: string, log: { fatal(obj: object, msg: string): void }) {
  return (error: Error) => {
    log.fatal(
      { err: error, role },
      `lost the ${role} lock's connection: ending, so another process takes the role`,
    );
    process.exit(RESTART_EXIT_CODE);
  };
}

/**
 * `role` names the lock; it is scoped to the connection's schema, so two platforms in two schemas of
 * one database (as the tests run) do not take each other's roles.
 */
export function advisoryOwnership(
  databaseUrl: string | undefined,
  role: string,
  { retryMs = 5000, onLost, fence, db }: OwnershipOptions = {},
): Ownership {
  if (!databaseUrl) {
    if (!fence) return { acquired: Promise.resolve(), release: async () => undefined };
    if (!db) throw new Error(`the ${role} fence needs a database to be taken on`);
    fence.onFenced = (error) => onLost?.(error);
    const acquired = fence.take(db).then(() => undefined);
    acquired.catch(() => undefined);
    return { acquired, release: async () => fence.lose() };
  }
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
    fence?.lose();
    onLost?.(error);
  };
  if (fence) fence.onFenced = lose;
  client.on('error', lose);
  client.on('end', () => lose(new Error('the lock connection ended')));
  const acquired = (async () => {
    await client.connect();
    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext(current_schema() || ':' || $1)) AS ok`,
        [role],
      );
      if (rows[0]?.ok) {
        // In the lock's session: nobody else can hold the role while the generation is raised.
        if (fence)
          await fence.take({
            query: async <T>(sql: string, params?: unknown[]) =>
              (await client.query(sql, params)).rows as T[],
          });
        return;
      }
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
      fence?.lose();
      await client.end().catch(() => undefined);
    },
  };
}
