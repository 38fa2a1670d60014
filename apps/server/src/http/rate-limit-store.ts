import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import type { RedisLink } from '../bus/redis-link.ts';

type Store = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };
type Child = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * The rate limits' counts in Redis (every instance counts against one limit), and in this process
 * while Redis is away: a request is neither refused with a 500 (the plugin's answer to a store
 * error) nor let through uncounted, and it never waits on a reconnection. Counts made during an
 * outage stay here; the Redis count resumes where it was.
 */
export function fallbackStore(link: RedisLink, redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // The plugin passes its own options; the two flags are among them (its types omit them).
  type Flags = { continueExceeding?: boolean; exponentialBackoff?: boolean };
  return class FallbackStore {
    readonly shared: Store;
    readonly local: Store;
    constructor(options: FastifyRateLimitOptions & Flags, stores?: { shared: Store; local: Store }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.shared = stores?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(...args: Parameters<Store['incr']>): void {
      this.either('incr', args);
    }

    read(...args: Parameters<Store['incr']>): void {
      this.either('read', args);
    }

    child(routeOptions: Child): FallbackStore {
      return new FallbackStore(
        {},
        { shared: this.shared.child(routeOptions) as Store, local: this.local.child(routeOptions) as Store },
      );
    }

    either(method: 'incr' | 'read', [key, done, timeWindow, max]: Parameters<Store['incr']>): void {
      if (!link.up(redis)) {
        this.local[method](key, done, timeWindow, max);
        return;
      }
      this.shared[method](
        key,
        (error, result) => (error ? this.local[method](key, done, timeWindow, max) : done(null, result)),
        timeWindow,
        max,
      );
    }
  };
}
