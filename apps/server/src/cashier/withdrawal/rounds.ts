import type { AppContext } from '../../context.ts';
import type { Stop } from '../../platform/area.ts';
import { roles } from '../../platform/roles.ts';
import { withdrawChainIds } from './chains.ts';
import { roundsIdle, sendingChainOf, withdrawalRound } from './sender.ts';

/** How often the sender looks for approved withdrawals and follows sent ones, on every chain. */
export const WITHDRAWAL_ROUND_EVERY_MS = 3_000;

/**
 * The sender's rounds, in the background of the processes that run scheduled work (a poll every few
 * seconds, not a durable job: it talks to the chains, and the nonce row's lock already keeps two
 * processes' sends apart).
 */
export function startWithdrawalRounds(ctx: AppContext): Stop | undefined {
  if (!roles.runsJobs(ctx.config.role)) return undefined;
  let stopped = false;
  const round = async () => {
    for (const chainId of withdrawChainIds(ctx)) {
      const chain = sendingChainOf(ctx, chainId);
      if (!chain || stopped) continue;
      try {
        const done = await withdrawalRound(ctx, chain);
        if (Object.values(done).some((ids) => ids.length > 0))
          ctx.log.info({ chainId, ...done }, 'withdrawal round');
      } catch (err) {
        ctx.log.warn({ chainId, err: (err as Error).message }, 'withdrawal round failed');
      }
    }
  };
  const timer = setInterval(() => void round(), WITHDRAWAL_ROUND_EVERY_MS);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await roundsIdle();
  };
}
