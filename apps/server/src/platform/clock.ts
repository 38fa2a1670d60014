/**
 * The one clock every time-based rule reads: session, code, captcha and quote expiry, the VIP
 * window, the proof snapshot's day, market sessions, the feed's tick times, when jobs are due.
 * Rules that SQL decides get the clock's time as a parameter rather than the database's `now()`,
 * so a test (or a server started with CLOCK=manual) can move time and see every rule follow.
 *
 * What stays on real time, on purpose: how long things take (latency, log timestamps), cadences
 * (heartbeats, the feed's tick rate, flushes, the job runner's polling) and timeouts waiting on
 * another process: they measure the machine, not the business day.
 */
export interface Clock {
  readonly kind: 'system' | 'manual';
  /** Milliseconds since the epoch. */
  now(): number;
  /** The same instant as a Date: the form a SQL parameter takes. */
  date(): Date;
  /**
   * Calls `fn` once the clock reaches `when` (ms since the epoch), unless cancelled first: a
   * system clock waits with timers, a manual one fires when it is moved past `when`. Returns cancel.
   */
  at(when: number, fn: () => void): () => void;
}

/** setTimeout's longest wait (about 24.8 days): a later moment is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The machine's time. */
export const systemClock: Clock = {
  kind: 'system',
  now: () => Date.now(),
  date: () => new Date(),
  at(when, fn) {
    let timer: NodeJS.Timeout;
    const wait = () => {
      // A long wait's next step, or a timer that fired a little early, waits again.
      timer = setTimeout(
        () => (Date.now() >= when ? fn() : wait()),
        Math.min(Math.max(0, when - Date.now()), MAX_TIMER_MS),
      );
      timer.unref();
    };
    wait();
    return () => clearTimeout(timer);
  },
};

/**
 * A clock that stands still until it is moved (tests; a server with CLOCK=manual through
 * `POST /api/dev/clock`). Moving it fires, in time order, whatever waits on a moment it reached.
 */
export class ManualClock implements Clock {
  readonly kind = 'manual';
  private ms: number;
  private readonly waiting = new Set<{ when: number; fn: () => void }>();

  constructor(start: number | Date = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.ms;
  }

  date(): Date {
    return new Date(this.ms);
  }

  at(when: number, fn: () => void): () => void {
    const entry = { when, fn };
    this.waiting.add(entry);
    // Already due: fire as a zero timer would, after the caller has finished.
    if (when <= this.ms) queueMicrotask(() => this.fire());
    return () => this.waiting.delete(entry);
  }

  /** Moves to `to` (ms or Date); backwards too, which fires nothing. Returns the new time. */
  set(to: number | Date): number {
    this.ms = typeof to === 'number' ? to : to.getTime();
    this.fire();
    return this.ms;
  }

  /** Moves forward by `ms`. Returns the new time. */
  advance(ms: number): number {
    if (ms < 0) throw new RangeError('a clock advances forward; use set() to go back');
    return this.set(this.ms + ms);
  }

  private fire(): void {
    const due = [...this.waiting].filter((w) => w.when <= this.ms).sort((a, b) => a.when - b.when);
    for (const w of due) {
      // A callback may cancel a later one: only what is still waiting fires.
      if (!this.waiting.delete(w)) continue;
      w.fn();
    }
  }
}

/** The clock a server runs on: manual only when asked for and never in production. */
export function clockFor(config: { clock: 'system' | 'manual'; production: boolean }): Clock {
  return config.clock === 'manual' && !config.production ? new ManualClock() : systemClock;
}
