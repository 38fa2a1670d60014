import type { Bus } from '../bus/bus.ts';
import { batched } from '../db/batched.ts';
import type { Queryable } from '../db/db.ts';
import type { Clock } from '../platform/clock.ts';
import { hashToken } from '../platform/secrets/tokens.ts';
import {
  covers,
  SESSIONS_ENDED_CHANNEL,
  type Session,
  type Sessions,
  type SessionsEnded,
} from '../platform/sessions.ts';

/**
 * How long a looked-up session is kept. An ended session is forgotten at once on the instance
 * that ended it and, through the bus, on the others; this bounds how long another instance can
 * still accept it if the bus loses that message.
 */
export const SESSION_KEEP_MS = 2_000;
/** A session's last seen is written at most this often (per instance, and never closer in the database). */
export const SEEN_EVERY_MS = 60_000;
/** Past this many kept sessions, the expired ones go (and all of them, if that is not enough). */
const MAX_KEPT = 100_000;

const SESSION_SQL = `SELECT s.token_hash, s.user_id::text AS user_id, u.status, u.kind, s.expires_at
  FROM sessions s JOIN user_directory u ON u.id = s.user_id
  WHERE s.token_hash = ANY($1::text[]) AND s.revoked_at IS NULL AND s.expires_at > $2::timestamptz`;

type SessionRow = {
  token_hash: string;
  user_id: string;
  status: string;
  kind: 'real' | 'demo';
  expires_at: Date;
};

interface Kept {
  session: Session;
  /** Real time (the keeping is a cache's, not a rule); the session's expiry is checked on the clock. */
  until: number;
}

/**
 * The one session lookup, for HTTP (the guard) and the socket (`auth`). A busy client sends many
 * requests a second: each session found is kept for SESSION_KEEP_MS (never past its expiry), and
 * the tokens that miss together are looked up in one query. Whatever ends sessions (logout, a
 * password reset, an operator disabling a user) calls `ended` after its commit; whoever holds a
 * session beyond one request (the socket) hears of every ending through `onEnded`.
 */
export class SessionCache implements Sessions {
  private readonly kept = new Map<string, Kept>();
  /** Bumped by every ending: a lookup that was in flight meanwhile may have read the old row. */
  private generation = 0;
  private readonly byHash: (hash: string) => Promise<Session | undefined>;
  private readonly listeners = new Set<(which: SessionsEnded) => void>();
  /** When (on the clock) each session's last seen was last written from here. */
  private readonly seenAt = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly bus: Bus,
    private readonly clock: Clock,
  ) {
    this.byHash = batched(async (hashes: string[]) => {
      const rows = await db.query<SessionRow>(SESSION_SQL, [hashes, clock.date().toISOString()]);
      return new Map(
        rows.map((r) => [
          r.token_hash,
          {
            userId: r.user_id,
            status: r.status,
            realm: r.kind === 'demo' ? 'demo' : 'live',
            expiresAt: new Date(r.expires_at).getTime(),
          },
        ]),
      );
    });
    bus.subscribe((m) => {
      if (m.channel === SESSIONS_ENDED_CHANNEL) this.forget(m.data as SessionsEnded);
    });
  }

  async lookup(token: string): Promise<Session | undefined> {
    const hash = hashToken(token);
    const now = Date.now();
    const hit = this.kept.get(hash);
    if (hit && hit.until > now && hit.session.expiresAt > this.clock.now()) return hit.session;
    const generation = this.generation;
    const session = await this.byHash(hash);
    if (!session) return undefined;
    if (generation === this.generation) {
      if (this.kept.size >= MAX_KEPT) this.prune(now);
      this.kept.set(hash, { session, until: now + SESSION_KEEP_MS });
    }
    return session;
  }

  /**
   * Calls `listener` with every ending, this instance's and the others' (an ending made here is
   * heard twice, at once and again when the bus echoes it: a listener must not mind). Returns how
   * to stop.
   */
  onEnded(listener: (which: SessionsEnded) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** After the commit that ended them: forget here at once, and tell the other instances. */
  ended(which: SessionsEnded): void {
    this.forget(which);
    this.bus.publish({ channel: SESSIONS_ENDED_CHANNEL, seq: 0, data: which });
  }

  /**
   * Notes a request of the session: its last seen and address are written when a minute has passed
   * since the last write (this instance's, and the row's own, so several instances do not each
   * write every minute), never once per request. Best effort: a failed write costs nothing.
   */
  seen(token: string, ip: string): void {
    const hash = hashToken(token);
    const now = this.clock.now();
    const last = this.seenAt.get(hash);
    if (last !== undefined && now - last < SEEN_EVERY_MS) return;
    if (this.seenAt.size >= MAX_KEPT) this.seenAt.clear();
    this.seenAt.set(hash, now);
    this.db
      .query(
        `UPDATE sessions SET last_seen_at = $2::timestamptz, ip = $3
         WHERE token_hash = $1 AND (last_seen_at IS NULL OR last_seen_at <= $2::timestamptz - make_interval(secs => $4))`,
        [hash, new Date(now).toISOString(), ip.slice(0, 64), SEEN_EVERY_MS / 1000],
      )
      .catch(() => this.seenAt.delete(hash));
  }

  private forget(which: SessionsEnded): void {
    this.generation += 1;
    if ('tokenHash' in which) this.kept.delete(which.tokenHash);
    else
      for (const [hash, k] of this.kept)
        if (covers(which, { tokenHash: hash, userId: k.session.userId })) this.kept.delete(hash);
    for (const listener of this.listeners) listener(which);
  }

  private prune(now: number): void {
    for (const [hash, k] of this.kept) if (k.until <= now) this.kept.delete(hash);
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
  }
}
