import { closeOutcome, openCost, type PositionRules, parseUnits } from '@otc/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../src/market/catalogue.ts';
import { conversionOf } from '../../src/positions/quote.ts';

const ONE = 10n ** 18n;
const E8 = 10n ** 10n;

/**
 * USDT per unit of each instrument's quote currency, written out by hand per symbol (not derived
 * from its base and quote as the code does): [numerator, denominator] from the index prices and
 * the price valued. Every forex pair of the catalogue is listed; the rest are quoted in USD(T).
 */
type Rate = (index: (symbol: string) => bigint, price: bigint) => [bigint, bigint];
const usd: Rate = () => [1n, 1n];
const itself: Rate = (_, price) => [ONE, price];
const HAND: Record<string, Rate> = {
  'EUR/USD': usd,
  'GBP/USD': usd,
  'AUD/USD': usd,
  'NZD/USD': usd,
  'USD/JPY': itself,
  'USD/CHF': itself,
  'USD/CAD': itself,
  'EUR/GBP': (index) => [index('GBP/USD'), ONE],
  'EUR/JPY': (index) => [ONE, index('USD/JPY')],
  'GBP/JPY': (index) => [ONE, index('USD/JPY')],
};

const leveraged = CATALOGUE.filter((e) => e.kind !== 'spot');
const forex = leveraged.filter((e) => e.class === 'forex');
// Every forex pair, and one instrument of each other class and product.
const others = ['BTC-PERP', 'AAPL', 'XAU/USD', 'WTI', 'BTC/USD'];
const valued = [...forex, ...leveraged.filter((e) => others.includes(e.symbol))];

const rulesOf = (e: (typeof CATALOGUE)[number]): PositionRules => ({
  product: e.kind === 'perp' ? 'perp' : 'cfd',
  instrumentClass: e.class,
  maxLeverage: e.leverage,
  tickSize: parseUnits(e.tick),
  lotSize: parseUnits(e.lot),
  minLots: parseUnits(e.lot),
  takerFee: parseUnits(e.taker),
  stampDuty: parseUnits(e.stampDuty ?? '0'),
  spread: 0n,
  brackets: [{ notionalUpTo: null, rate: parseUnits('0.005') }],
  liquidationFeeRate: parseUnits('0.005'),
  liquidationFeeCap: parseUnits('50'),
});

const ceil8 = (n: bigint, d: bigint) => ((n + d * E8 - 1n) / (d * E8)) * E8;
const floor8 = (n: bigint, d: bigint) => {
  const q = n / (d * E8);
  return (n % (d * E8) !== 0n && n < 0n ? q - 1n : q) * E8;
};

describe('every leveraged instrument of the catalogue valued in USDT (issue 23)', () => {
  it('lists every forex pair of the catalogue in the hand table', () => {
    expect(forex.map((e) => e.symbol).sort()).toEqual(Object.keys(HAND).sort());
    expect(valued.length).toBe(forex.length + others.length);
  });

  it('opens and closes at the notional, margin, fee, stamp duty and PnL computed by hand', () => {
    const price = fc.bigInt({ min: parseUnits('0.5'), max: parseUnits('300') });
    fc.assert(
      fc.property(
        fc.constantFrom(...valued),
        fc.record({
          'GBP/USD': price,
          'USD/JPY': price,
          'EUR/USD': price,
          'USD/CHF': price,
          'USD/CAD': price,
        }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        price,
        price,
        fc.integer({ min: 1, max: 100 }),
        (e, prices, steps, atOpen, atClose, leverage) => {
          const rules = rulesOf(e);
          const index = (s: string) => prices[s as keyof typeof prices];
          const conv = conversionOf(e, (s) => (s in prices ? formatPrice(index(s)) : undefined));
          expect(conv, e.symbol).not.toBeNull();
          if (!conv) return;
          const lots = steps * rules.lotSize;
          const open = atOpen - (atOpen % rules.tickSize) || rules.tickSize;
          const close = atClose - (atClose % rules.tickSize) || rules.tickSize;
          const cost = openCost(rules, { lots, price: open, leverage }, conv);
          const [rn, rd] = (HAND[e.symbol] ?? usd)(index, open);
          // USDT notional in Units = n / d; 8-decimal amounts round n / d once.
          const n = lots * open * rn;
          const d = ONE * rd;
          expect(cost.notional, e.symbol).toBe(n / d);
          expect(cost.margin, e.symbol).toBe(ceil8(n, d * BigInt(leverage)));
          expect(cost.fee, e.symbol).toBe(ceil8(n * rules.takerFee, d * ONE));
          const stamp = e.class === 'stock' ? ceil8(n * rules.stampDuty, d * ONE) : 0n;
          expect(cost.stampDuty, e.symbol).toBe(stamp);
          const pos = { side: 'long' as const, lots, entry: open, margin: cost.margin, leverage };
          const out = closeOutcome(pos, { lots, price: close, feeRate: rules.takerFee }, conv);
          const [cn, cd] = (HAND[e.symbol] ?? usd)(index, close);
          const pnl = floor8((close - open) * lots * cn, ONE * cd);
          // A loss beyond the margin is the margin (the rest a shortfall).
          if (pnl >= -cost.margin) expect(out.realisedPnl, e.symbol).toBe(pnl);
          else expect(out.realisedPnl, e.symbol).toBe(-cost.margin);
        },
      ),
    );
  });
});

/** A Units price as the feed's decimal text. */
function formatPrice(u: bigint): string {
  const whole = u / ONE;
  const frac = (u % ONE).toString().padStart(18, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}
