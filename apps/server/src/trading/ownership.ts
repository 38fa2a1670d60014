import type { AppContext } from '../context.ts';
import { advisoryOwnership, endForLostRole, type Fence, FencedError } from '../db/ownership.ts';
import { AppError } from '../http/errors.ts';
import { roles } from '../platform/roles.ts';

/** How long start-up waits to learn whether this process owns the engines before serving anyway. */
const FIRST_TRY_MS = 2000;

/**
 * Decides which process runs a product's engines (the fence's role names them: `spot-engines`).
 * PGlite: this one (there is one process). PostgreSQL: among the `all` and `engine` processes, the
 * holder of an advisory lock; the others (and every `api` process) forward to it through their desk,
 * and an `all`/`engine` standby takes over when the owner's connection ends. Either way the owner
 * takes the role's next generation (`fence`, decision 0148) before it rebuilds the books, and every
 * engine write checks it: a write that finds a newer owner is refused and ends this process, as a
 * lost lock does. Start-up waits briefly for the lock, so a lone instance owns the engines before it
 * serves its first order.
 */
export async function takeEngines(
  { config, log, db }: Pick<AppContext, 'config' | 'log' | 'db'>,
  fence: Fence,
  desk: { own(): Promise<void> },
  onClose: (stop: () => Promise<void>) => void,
): Promise<void> {
  if (config.databaseUrl && !roles.mayOwnEngines(config.role)) return;
  const ownership = advisoryOwnership(config.databaseUrl, fence.role, {
    onLost: endForLostRole(fence.role, log),
    fence,
    db,
  });
  onClose(() => ownership.release());
  const owning = ownership.acquired.then(() => desk.own());
  if (!config.databaseUrl) return owning;
  owning.catch(() => undefined);
  await Promise.race([owning, new Promise((r) => setTimeout(r, FIRST_TRY_MS).unref())]);
}

/**
 * What a caller hears of an engine write its fence refused: trading is briefly unavailable (the
 * client repeats with the same idempotency key, reaching the new owner); other errors as they are.
 */
export function unfenced(err: unknown): unknown {
  return err instanceof FencedError ? new AppError('trading_unavailable') : err;
}
