import type { Clock } from '../platform/clock.ts';
import { covers, type SessionsEnded } from '../platform/sessions.ts';

/** The session a connection authenticated with. */
export interface HeldSession {
  tokenHash: string;
  userId: string;
  /** Ms since the epoch. */
  expiresAt: number;
}

/**
 * The sessions the socket's connections hold. A connection keeps its identity for as long as it
 * stays open, long after the `auth` that gave it, so a session's end must reach it whatever the
 * cause: `ended` is told of every ending (logout, a password reset, disabling, other sessions
 * ended; made here or on another instance), and each held session waits for its expiry on the
 * platform clock (`clock.at`: on the system clock a timer, exact where a sweep on the heartbeat
 * would give up to 20 s of grace; on a manual clock, the move that passes it). Either way the
 * connection is released and `end` called once.
 */
export class HeldSessions<C> {
  private readonly held = new Map<C, HeldSession & { cancel: () => void }>();
  private readonly byHash = new Map<string, Set<C>>();
  private readonly byUser = new Map<string, Set<C>>();

  constructor(
    private readonly clock: Clock,
    private readonly end: (c: C) => void,
  ) {}

  /** `c` now holds `session` (and no longer what it held before). */
  hold(c: C, session: HeldSession): void {
    this.release(c);
    const entry: HeldSession & { cancel: () => void } = { ...session, cancel: () => undefined };
    this.held.set(c, entry);
    entry.cancel = this.clock.at(session.expiresAt, () => {
      if (this.held.get(c) === entry) this.finish(c);
    });
    add(this.byHash, session.tokenHash, c);
    add(this.byUser, session.userId, c);
  }

  /** `c` holds no session any more (signed in as someone else, anonymous, or closed). */
  release(c: C): void {
    const h = this.held.get(c);
    if (!h) return;
    h.cancel();
    this.held.delete(c);
    remove(this.byHash, h.tokenHash, c);
    remove(this.byUser, h.userId, c);
  }

  /** Ends the connections holding a session that `which` ended; a repeated ending finds none. */
  ended(which: SessionsEnded): void {
    const holders = 'tokenHash' in which ? this.byHash.get(which.tokenHash) : this.byUser.get(which.userId);
    for (const c of [...(holders ?? [])]) {
      const h = this.held.get(c);
      if (h && covers(which, h)) this.finish(c);
    }
  }

  private finish(c: C): void {
    this.release(c);
    this.end(c);
  }
}

function add<C>(index: Map<string, Set<C>>, key: string, c: C): void {
  const set = index.get(key);
  if (set) set.add(c);
  else index.set(key, new Set([c]));
}

function remove<C>(index: Map<string, Set<C>>, key: string, c: C): void {
  const set = index.get(key);
  set?.delete(c);
  if (set?.size === 0) index.delete(key);
}
