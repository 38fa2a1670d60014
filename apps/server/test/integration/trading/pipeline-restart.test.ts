import { createHash } from 'node:crypto';
import { LIVE_STATUSES, type OrderStatus } from '@otc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { type PipelineProduct, PRODUCTS } from '../support/pipeline-products.ts';

/**
 * Restart equals original (ENGINEERING.md), for every engine on the trading pipeline: a restart
 * rebuilds every book from the database, and what it rebuilds must be exactly what was there: every
 * order as stored (status, quantity, fills, frozen funds), every balance, every book's depth, and
 * each live order resting on its book with what is left of it. The way exchange-core compares a
 * restored engine's state hash with the original's.
 */
/** The state hash of a book with nothing on it. */
const EMPTY_BOOK = createHash('sha256').update('').digest('hex');

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
      // The hash covers what rests: a book with a live order does not hash as an empty one.
      const orders = await product.orders(s);
      const booksResting = new Set(
        orders.filter((o) => LIVE_STATUSES.includes(o.status as OrderStatus)).map((o) => o.book),
      );
      for (const book of booksResting) expect(before.books[book], book).not.toBe(EMPTY_BOOK);

      s = await s.restart();
      const after = await snapshot(s, product);
      expect(after.books).toEqual(before.books);
      expect(after).toEqual(before);
      await afterRestart(s);
    });
  });
});

/**
 * Everything a restart must keep: the product's orders as stored, every balance, and each engine's
 * state hash (every order on its book, in priority order, with what is left of it).
 */
async function snapshot(server: TestServer, product: PipelineProduct) {
  const orders = await product.orders(server);
  const balances = await server.db.query(
    `SELECT realm, owner_type, owner, kind, asset, available::text AS available, frozen::text AS frozen
       FROM ledger_accounts ORDER BY realm, owner_type, owner, kind, asset`,
  );
  const engines = product.engines(server);
  const books = Object.fromEntries([...engines].map(([book, e]) => [book, e.stateHash()]));
  const resting = orders
    .filter((o) => LIVE_STATUSES.includes(o.status as OrderStatus))
    .map((o) => [o.id, engines.get(o.book)?.resting(o.id)?.remaining] as const);
  return { orders, balances, books, resting };
}
