import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPositionRules } from '../../../src/positions/rules.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

/**
 * Installs seeded before issue 23 took one lot's notional in its quote currency for USDT: USD/JPY
 * (lot 0.01, start price 155.42) got floor(5,000,000 / (0.01 x 155.42)) lots = 3,217,089 x 0.01 =
 * 32,170.89 units where 5,000,000 USDT of exposure is 5,000,000 units (one unit is one US dollar).
 * The seed of every start mends a cap still at that old default and leaves an operator's cap alone.
 */
describe.each(DATABASES)('exposure caps seeded before quotes were converted, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const cap = async (symbol: string) =>
    (
      await s.db.query<{ cap: string }>(
        'SELECT exposure_cap::text AS cap FROM position_rules WHERE symbol = $1',
        [symbol],
      )
    )[0]?.cap;
  const setCap = (symbol: string, value: string) =>
    s.db.query('UPDATE position_rules SET exposure_cap = $2 WHERE symbol = $1', [symbol, value]);

  it('takes the converted default where the old one stayed, and keeps what an operator set', async () => {
    expect(Number(await cap('USD/JPY'))).toBe(5_000_000);
    const eurUsd = await cap('EUR/USD');
    await setCap('USD/JPY', '32170.89');
    await setCap('GBP/JPY', '1234');

    await seedPositionRules(s.db);

    expect(Number(await cap('USD/JPY'))).toBe(5_000_000);
    expect(Number(await cap('GBP/JPY'))).toBe(1234);
    expect(await cap('EUR/USD')).toBe(eurUsd);
  });
});
