import type { AppContext } from '../../context.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { broadcastPass, type SweepChain, type SweepPass, sweepChain } from './sweeper.ts';

/** How often the sweeper looks at the deposit addresses (a sweep is not urgent: the tokens are the platform's either way). */
export const SWEEP_EVERY_MS = 15_000;

/**
 * The sweeper as a durable job (`funding.sweep`): once across processes, each pass's records
 * (the transactions it signed among them) committed with the run, and only then broadcast. Declared only by processes holding the sweep signer's keys
 * (`ctx.chain.sweepSigner`, which only job-running roles load), so a worker without them never
 * claims it; a chain without keys here is left alone.
 */
export function sweepJobs(ctx: AppContext) {
  return [
    defineJob({
      name: 'funding.sweep',
      everyMs: SWEEP_EVERY_MS,
      run: async (q, job) => {
        const passes: SweepPass[] = [];
        for (const chain of ctx.chain.chains()) {
          const sweeping = sweepChainOf(ctx, chain.chainId);
          if (!sweeping) {
            passes.push({
              chainId: chain.chainId,
              unsigned: true,
              swept: [],
              sent: [],
              toppedUp: [],
              skipped: [],
              toBroadcast: [],
            });
            continue;
          }
          passes.push(await sweepChain(ctx, q, sweeping, job.now));
        }
        return passes;
      },
      committed: async (passes) => {
        for (const p of passes) {
          if (p.swept.length || p.sent.length || p.toppedUp.length || p.skipped.length) {
            const { toBroadcast, gasNonce, ...shown } = p;
            ctx.log.info(shown, 'sweep pass');
          }
          if (p.toBroadcast.length > 0)
            await broadcastPass(ctx.chain.client(p.chainId), p, (d, m) => ctx.log.warn(d, m));
        }
      },
    }),
  ];
}

/** Whether this process holds the sweep signer's keys for any enabled chain. */
export function holdsSweepKeys(ctx: AppContext): boolean {
  return ctx.chain.chains().some((c) => ctx.chain.sweepSigner(c.chainId) !== undefined);
}

/** The sweeper's view of an enabled chain, when this process holds its signer. */
export function sweepChainOf(ctx: AppContext, chainId: number): SweepChain | undefined {
  const info = ctx.chain.info(chainId);
  const signer = ctx.chain.sweepSigner(chainId);
  if (!info || !signer) return undefined;
  return { info, client: ctx.chain.client(chainId), hotWallet: ctx.chain.hotWallet(chainId).address, signer };
}
