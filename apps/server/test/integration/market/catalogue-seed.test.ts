import { canonicalDecimal } from '@otc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, seedCatalogue } from '../../../src/market/catalogue.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

interface Row {
  symbol: string;
  name: string;
  index_symbol: string | null;
  tick_size: string;
  stamp_duty: string;
  max_leverage: number;
  start_price: string;
  sort: number;
}

/** What a start seeds: every catalogued instrument, as catalogued, and nothing an operator changed. */
describe.each(DATABASES)('the instrument catalogue seeded at start on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const rows = () =>
    s.db.query<Row>(
      `SELECT symbol, name, index_symbol, tick_size::text, stamp_duty::text, max_leverage, start_price::text, sort
       FROM instruments ORDER BY sort`,
    );

  it('holds every instrument as catalogued, those with their own walk listed before their followers', async () => {
    const seeded = await rows();
    expect(seeded).toHaveLength(CATALOGUE.length);
    const firstFollower = seeded.findIndex((r) => r.index_symbol !== null);
    expect(seeded.slice(firstFollower).every((r) => r.index_symbol !== null)).toBe(true);
    expect(seeded.map((r) => r.sort)).toEqual(CATALOGUE.map((_, i) => i));
    for (const e of CATALOGUE) {
      const row = seeded.find((r) => r.symbol === e.symbol);
      expect(row?.name).toBe(e.name);
      expect(row?.index_symbol).toBe(e.index ?? null);
      expect(canonicalDecimal(row?.tick_size ?? '')).toBe(canonicalDecimal(e.tick));
      expect(canonicalDecimal(row?.start_price ?? '')).toBe(canonicalDecimal(e.price));
      expect(canonicalDecimal(row?.stamp_duty ?? '')).toBe(canonicalDecimal(e.stampDuty ?? '0'));
      expect(row?.max_leverage).toBe(e.leverage);
    }
  });

  it("a later start adds nothing twice and keeps an operator's edit", async () => {
    const symbol = CATALOGUE[0]?.symbol as string;
    await s.db.query(`UPDATE instruments SET name = 'Renamed by an operator' WHERE symbol = $1`, [symbol]);
    await seedCatalogue(s.db);
    const again = await rows();
    expect(again).toHaveLength(CATALOGUE.length);
    expect(again.find((r) => r.symbol === symbol)?.name).toBe('Renamed by an operator');
  });
});
