import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * The process's connections to Redis (the bus's two, the rate limits' one), watched together. Redis
 * carries what is shared between instances, never what trading needs: while it is away the
 * engines' owner trades on, the bus delivers inside the process, the rate limits count per process
 * (http/rate-limit-store.ts), and forwarded commands time out as `trading_unavailable`. ioredis
 * reconnects by itself (and resubscribes); this only keeps its errors from being unhandled (an
 * `error` event without a listener is printed on every retry) and says once per outage that it
 * began and once that it ended, whichever connection noticed first.
 */
export class RedisLink {
  private readonly clients = new Set<Redis>();
  private readonly away = new Set<Redis>();
  private readonly everReady = new WeakSet<Redis>();
  private outage = false;
  private closing = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A connection watched with the others; `maxRetriesPerRequest: 1` so no command waits long. */
  client(options: RedisOptions = {}): Redis {
    const c = new Redis(this.url, { maxRetriesPerRequest: 1, ...options });
    this.clients.add(c);
    c.on('error', (error: Error) => this.lost(c, error));
    c.on('close', () => {
      if (this.everReady.has(c) && !this.closing) this.lost(c, new Error('connection closed'));
    });
    c.on('ready', () => this.back(c));
    return c;
  }

  /**
   * Whether `c` can take a command now. A connection not yet ready at the start counts as up (its
   * commands wait in ioredis's queue for the first connect, as before); after it has once been
   * ready, a lost connection counts as down until it is ready again, so nothing piles up meanwhile.
   */
  up(c: Redis): boolean {
    return c.status === 'ready' || !this.everReady.has(c);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.clients].map((c) => c.quit().catch(() => c.disconnect())));
  }

  private lost(c: Redis, error: Error): void {
    if (this.closing) return;
    this.away.add(c);
    if (this.outage) return;
    this.outage = true;
    this.log.error(
      `Redis unreachable (${error.message}): trading goes on here; other instances hear nothing from this one ` +
        'and rate limits count per instance until it returns',
    );
  }

  private back(c: Redis): void {
    this.everReady.add(c);
    this.away.delete(c);
    if (!this.outage || this.away.size > 0) return;
    this.outage = false;
    this.log.warn('Redis reachable again: messages between instances resume');
  }
}
