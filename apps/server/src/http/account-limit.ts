import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * A limit counted per account (issue 23): the per-address limits alone let someone with many
 * addresses (or, before TRUST_PROXY, one forged header per request) guess one account's password
 * or flood one inbox. Counted in the rate-limit plugin's store, so with Redis every instance
 * counts against the same limit. Called in the handler, once the body is parsed.
 */
export type AccountLimit = (req: FastifyRequest, account: string) => Promise<void>;

const ACCOUNT = Symbol('account limit key');
type Keyed = FastifyRequest & { [ACCOUNT]?: string };

export function accountLimit(app: FastifyInstance, scope: string, max: number): AccountLimit {
  const check = app.createRateLimit({
    max,
    timeWindow: '1 minute',
    // The scope keeps the routes' counts apart (they share one store).
    keyGenerator: (req) => `account:${scope}:${(req as Keyed)[ACCOUNT] ?? ''}`,
  });
  return async (req, account) => {
    (req as Keyed)[ACCOUNT] = account;
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded) throw new AppError('rate_limited');
  };
}
