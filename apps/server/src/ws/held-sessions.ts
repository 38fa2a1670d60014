import { covers, type SessionsEnded } from '../platform/sessions.ts';

/** The session a connection authenticated with. */
export interface HeldSession {
  tokenHash: string;
  userId: string;
  /** Ms since the epoch. */
  expiresAt: number;
}

/** setTimeout's longest wait (about 24.8 days): a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The sessions the socket's connections hold. A connection keeps its identity for as long as it
 * stays open, long after the `auth` that gave it, so a session's end must reach it whatever the
 * cause: `ended` is told of every ending (logout, a password reset, disabling, other sessions
 * ended; made here or on another instance), and each held session waits for its expiry with a
 * timer of its own, which is exact (a sweep on the heartbeat would give up to 20 s of grace). Either
 * way the connection is released and `end` called once.
 */
export class HeldSessions<C> {
  private readonly held = new Map<C, HeldSession & { timer: NodeJS.Timeout }>();
  private readonly byHash = new Map<string, Set<C>>();
  private readonly byUser = new Map<string, Set<C>>();

  constructor(private readonly end: (c: C) => void) {}

  /** `c` now holds `session` (and no longer what it held before). */
  hold(c: C, session: HeldSession): void {
    this.release(c);
    this.held.set(c, { ...session, timer: this.expiry(c, session.expiresAt) });
    add(this.byHash, session.tokenHash, c);
    add(this.byUser, session.userId, c);
  }

  /** `c` holds no session any more (signed in as someone else, anonymous, or closed). */
  release(c: C): void {
    const h = this.held.get(c);
    if (!h) return;
    clearTimeout(h.timer);
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

  private expiry(c: C, expiresAt: number): NodeJS.Timeout {
    const timer = setTimeout(
      () => {
        const h = this.held.get(c);
        if (!h || h.timer !== timer) return;
        if (Date.now() >= h.expiresAt) this.finish(c);
        else h.timer = this.expiry(c, h.expiresAt); // a long wait's next step, or a timer a little early
      },
      Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS),
    );
    timer.unref();
    return timer;
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
