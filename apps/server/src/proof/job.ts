import type { AppContext } from '../context.ts';
import { snapshotIfDue } from './service.ts';

const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Checks hourly (and at start) whether the daily snapshot is due. Returns a stop function. */
export function startSnapshotJob(ctx: AppContext): () => void {
  const tick = () =>
    snapshotIfDue(ctx.db).then(
      (s) =>
        s &&
        ctx.log.info({ snapshot: s.id, root: s.root, users: s.userCount }, 'proof of liabilities published'),
      (err: unknown) => ctx.log.error({ err }, 'proof of liabilities snapshot failed'),
    );
  void tick();
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
