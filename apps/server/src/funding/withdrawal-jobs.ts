import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { withdrawChainIds } from './withdrawal-chains.ts';
import { sendingChains, withdrawalRound } from './withdrawal-sender.ts';

/** How often the sender looks for approved withdrawals and follows sent ones, on every chain. */
export const WITHDRAWAL_ROUND_EVERY_MS = 5_000;

/**
 * The sender's recurring round, once across processes. Its work talks to the chains, so it runs
 * after the job's (empty) transaction, in rounds of its own transactions.
 */
export function withdrawalJobs(ctx: AppContext) {
  return [
    defineJob({
      name: 'funding.withdrawals.send',
      everyMs: WITHDRAWAL_ROUND_EVERY_MS,
      run: async () => null,
      committed: async () => {
        for (const chainId of withdrawChainIds(ctx)) {
          const chain = sendingChains.get(ctx)?.(chainId);
          if (!chain) continue;
          try {
            const round = await withdrawalRound(ctx, chain);
            if (Object.values(round).some((ids) => ids.length > 0))
              ctx.log.info({ chainId, ...round }, 'withdrawal round');
          } catch (err) {
            ctx.log.warn({ chainId, err: (err as Error).message }, 'withdrawal round failed');
          }
        }
      },
    }),
  ];
}
