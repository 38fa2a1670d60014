import type { AppContext } from '../../context.ts';
import { addProbe } from '../../platform/metrics.ts';
import { cursors } from './queries.ts';

/**
 * The deposit watchers' lag for `/metrics`, in blocks per chain (the chain's name as label): the
 * head the watcher last saw less the block it has scanned to, read from the cursors at each
 * scrape, so any instance answers for the worker that watches. Returns the probe's removal.
 */
export function watcherLagMetric(ctx: AppContext): () => void {
  return addProbe('otc_deposit_watcher_lag_blocks', async () => {
    const stored = await cursors(ctx.db);
    const lag: Record<string, number> = {};
    for (const info of ctx.chain.chains()) {
      const row = stored.get(info.chainId);
      if (!row?.block_number || !row.head) continue;
      const blocks = BigInt(row.head) - BigInt(row.block_number);
      lag[info.name] = Number(blocks > 0n ? blocks : 0n);
    }
    return lag;
  });
}
