import type { AppContext } from '../context.ts';
import { advisoryOwnership, endForLostRole } from '../db/ownership.ts';
import { roles } from '../platform/roles.ts';

/** How long start-up waits to learn whether this process owns the engines before serving anyway. */
const FIRST_TRY_MS = 2000;

/**
 * Decides which process runs a product's engines (`lock` names them: `spot-engines`). PGlite: this
 * one (there is one process). PostgreSQL: among the `all` and `engine` processes, the holder of an
 * advisory lock; the others (and every `api` process) forward to it through their desk, and an
 * `all`/`engine` standby takes over when the owner's connection ends. Start-up waits briefly for the
 * lock, so a lone instance owns the engines before it serves its first order.
 */
export async function takeEngines(
  { config, log }: Pick<AppContext, 'config' | 'log'>,
  lock: string,
  desk: { own(): Promise<void> },
  onClose: (stop: () => Promise<void>) => void,
): Promise<void> {
  if (!config.databaseUrl) return desk.own();
  if (!roles.mayOwnEngines(config.role)) return;
  const ownership = advisoryOwnership(config.databaseUrl, lock, { onLost: endForLostRole(lock, log) });
  onClose(() => ownership.release());
  const owning = ownership.acquired.then(() => desk.own());
  owning.catch(() => undefined);
  await Promise.race([owning, new Promise((r) => setTimeout(r, FIRST_TRY_MS).unref())]);
}
