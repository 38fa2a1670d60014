import type { Bus } from '../bus/bus.ts';
import { AppError } from '../http/errors.ts';
import { type BalanceAfter, previous, publishBalances } from '../ledger/index.ts';
import type { IntakePolicy } from '../trading/policy.ts';
import { type OrderRequest, storedRow, storeOrders } from './intake.ts';
import type { OrderRow } from './rows.ts';

/**
 * Spot on the trading pipeline (`trading/`): what a spot order reserves and stores (the intake's
 * policy).
 */

/** The spot intake's policy: an order freezes from the funding account what core's `spotReserve` says. */
export function spotIntake(bus: Bus): IntakePolicy<OrderRequest, OrderRow, BalanceAfter> {
  return {
    product: 'spot',
    // A market buy freezes by the best ask: if the book emptied since it was checked, refuse it.
    refuse: (w) =>
      w.order.ticks !== undefined || w.order.side === 'sell' || w.engine.bestAsk() !== undefined
        ? undefined
        : new AppError('no_liquidity'),
    store: storeOrders,
    load: storedRow,
    previous: async (db, idem) =>
      (await previous<{ id: string }>(db, idem.idempotencyKey, idem.requestHash))?.id,
    announce: (balances) => publishBalances(bus, balances),
  };
}
