import { LIVE_STATUSES, type OrderStatus } from '@otc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from './harness.ts';
import { type PipelineProduct, PRODUCTS } from './pipeline-products.ts';

/**
 * Restart equals original (ENGINEERING.md), for every engine on the trading pipeline: a restart
 * rebuilds every book from the database, and what it rebuilds must be exactly what was there: every
 * order as stored (status, quantity, fills, frozen funds), every balance, every book's depth, and
 * each live order resting on its book with what is left of it. The way exchange-core compares a
 * restored engine's state hash with the original's.
 */
describe.each(DATABASES)('the trading pipeline after a restart on %s', (kind) => {
  describe.each(PRODUCTS.map((p) => [p.name, p] as const))('%s', (_, product) => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer(kind);
    });
    afterAll(() => s.close());

    it('rebuilds every order, balance and book exactly as it was', async () => {
      const afterRestart = await product.load(s);
      const before = await snapshot(s, product);
      expect(before.resting.length).toBeGreaterThan(0);
      expect(before.resting.every(([, remaining]) => remaining !== undefined)).toBe(true);

      s = await s.restart();
      expect(await snapshot(s, product)).toEqual(before);
      await afterRestart(s);
    });
  });
});

/** Everything a restart must keep: the product's orders, every balance, each book's depth and live orders. */
async function snapshot(server: TestServer, product: PipelineProduct) {
  const orders = await product.orders(server);
  const balances = await server.db.query(
    `SELECT realm, owner_type, owner, kind, asset, available::text AS available, frozen::text AS frozen
       FROM ledger_accounts ORDER BY realm, owner_type, owner, kind, asset`,
  );
  const engines = product.engines(server);
  const depth = Object.fromEntries([...engines].map(([book, e]) => [book, e.depth(50)]));
  const resting = orders
    .filter((o) => LIVE_STATUSES.includes(o.status as OrderStatus))
    .map((o) => [o.id, engines.get(o.book)?.resting(o.id)?.remaining] as const);
  return { orders, balances, depth, resting };
}
