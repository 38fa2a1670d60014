import { describe, expect, it } from 'vitest';
import { parseUnits as u } from '../../src/money/decimal.ts';
import { addToPosition } from '../../src/positions/open.ts';
import { PAR, type QuoteConversion, quoteConversion } from '../../src/positions/quote.ts';
import { reverseCost } from '../../src/positions/reverse.ts';
import {
  closeOutFloor,
  effectiveBrackets,
  equityAt,
  isLiquidatable,
  liquidationPrice,
  notionalAt,
  riskRatio,
} from '../../src/positions/risk.ts';
import type { MarginBracket, PositionRules, PositionState } from '../../src/positions/types.ts';

/**
 * ESMA's margin close-out (decision 0150): a position is closed when its equity falls to 50% of the
 * initial margin it needs at the mark (notional / leverage), i.e. the maintenance rate is at least
 * 0.5 / leverage of the notional. Every figure below is worked by hand in its comment.
 */

const CRYPTO: MarginBracket[] = [
  { notionalUpTo: u('50000'), rate: u('0.004') },
  { notionalUpTo: u('250000'), rate: u('0.005') },
  { notionalUpTo: null, rate: u('0.01') },
];
const FX: MarginBracket[] = [
  { notionalUpTo: u('100000'), rate: u('0.005') },
  { notionalUpTo: null, rate: u('0.01') },
];
const INDEX: Record<string, string> = { 'USD/JPY': '155.425', 'GBP/USD': '1.25' };
const conv = (base: string, quote: string): QuoteConversion => {
  const c = quoteConversion({ base, quote }, (s) => (INDEX[s] === undefined ? undefined : u(INDEX[s])));
  if (!c) throw new Error(`no rate for ${base}/${quote}`);
  return c;
};
const pos = (
  side: 'long' | 'short',
  lots: string,
  entry: string,
  margin: string,
  leverage: number,
  floor?: string,
): PositionState => ({
  side,
  lots: u(lots),
  entry: u(entry),
  margin: u(margin),
  leverage,
  ...(floor === undefined ? {} : { floor: u(floor) }),
});

describe('the close-out floor', () => {
  it('is level / leverage, rounded up; none without a level', () => {
    expect(closeOutFloor(u('0.5'), 2)).toBe(u('0.25'));
    expect(closeOutFloor(u('0.5'), 20)).toBe(u('0.025'));
    // 0.5 / 3 = 0.1666...: up, the stricter side.
    expect(closeOutFloor(u('0.5'), 3)).toBe(u('0.166666666666666667'));
    expect(closeOutFloor(null, 2)).toBe(0n);
    expect(closeOutFloor(u('0'), 2)).toBe(0n);
  });

  it('raises every bracket below it and leaves the ones above it', () => {
    expect(effectiveBrackets(CRYPTO, u('0.005'))).toEqual([
      { notionalUpTo: u('50000'), rate: u('0.005') },
      { notionalUpTo: u('250000'), rate: u('0.005') },
      { notionalUpTo: null, rate: u('0.01') },
    ]);
    expect(effectiveBrackets(CRYPTO, undefined)).toBe(CRYPTO);
    expect(effectiveBrackets(CRYPTO, 0n)).toBe(CRYPTO);
  });
});

describe('a USDT-quoted perpetual at 2x under ESMA (floor 0.25)', () => {
  // 0.1 BTC at 60000: notional 6000, margin 6000 / 2 = 3000.
  const long = pos('long', '0.1', '60000', '3000', 2, '0.25');
  const short = pos('short', '0.1', '60000', '3000', 2, '0.25');

  it('is liquidated where equity is half the initial margin at the mark', () => {
    // long: 3000 + (P - 60000) x 0.1 = 0.25 x 0.1 x P  =>  P = 3000 / 0.075 = 40000. There the
    // initial margin is 4000 / 2 = 2000, half of it 1000, and the equity 3000 - 2000 = 1000.
    expect(liquidationPrice(long, CRYPTO, PAR)).toBe(u('40000'));
    expect(equityAt(long, u('40000'))).toBe(u('1000'));
    expect(notionalAt(long, u('40000')) / 2n / 2n).toBe(u('1000'));
    // short: 3000 + (60000 - P) x 0.1 = 0.25 x 0.1 x P  =>  P = 9000 / 0.125 = 72000: IM 3600, equity 1800.
    expect(liquidationPrice(short, CRYPTO, PAR)).toBe(u('72000'));
    expect(equityAt(short, u('72000'))).toBe(u('1800'));
  });

  it('without the floor the brackets alone hold it, much further away', () => {
    // 3000 / (0.1 x (1 - 0.004)) = 30120.4819277108433734939...: up.
    const { floor: _, ...bare } = long;
    expect(liquidationPrice(bare, CRYPTO, PAR)).toBe(u('30120.481927710843373494'));
    expect(isLiquidatable(bare, u('40000'), CRYPTO)).toBe(false);
  });

  it('risk ratio reads the floor: 100% at the close-out, liquidated there and not a tick before', () => {
    // At 50000: maintenance 5000 x 0.25 = 1250, equity 3000 - 1000 = 2000: 62.5%.
    expect(riskRatio(long, u('50000'), CRYPTO)).toBe(u('0.625'));
    expect(riskRatio(long, u('40000'), CRYPTO)).toBe(u('1'));
    expect(isLiquidatable(long, u('40000'), CRYPTO)).toBe(true);
    expect(isLiquidatable(long, u('40000.1'), CRYPTO)).toBe(false);
    expect(isLiquidatable(short, u('72000'), CRYPTO)).toBe(true);
    expect(isLiquidatable(short, u('71999.9'), CRYPTO)).toBe(false);
  });
});

describe('a JPY-quoted forex CFD (USD/JPY, converted at the price itself) at 20x (floor 0.025)', () => {
  // 1000 USD at 155.425: notional 1000 USDT at any price, margin 1000 / 20 = 50.
  const c = conv('USD', 'JPY');
  it('long and short', () => {
    expect(c.kind).toBe('own');
    // Equity 50 + 1000 (P - E) / P falls to half of 1000 / 20 = 25 where E / P = 1.025:
    // P = 155.425 / 1.025 = 155425 / 1025 = 151.6341463414634146341...: up (toward the entry).
    const long = pos('long', '1000', '155.425', '50', 20, '0.025');
    expect(liquidationPrice(long, FX, c)).toBe(u('151.634146341463414635'));
    expect(isLiquidatable(long, u('151.634'), FX, c)).toBe(true);
    expect(isLiquidatable(long, u('151.635'), FX, c)).toBe(false);
    // Short: 1000 (P - E) / P = 25 where P = 155.425 / 0.975 = 159.4102564102564102564...: down.
    const short = pos('short', '1000', '155.425', '50', 20, '0.025');
    expect(liquidationPrice(short, FX, c)).toBe(u('159.410256410256410256'));
    expect(isLiquidatable(short, u('159.411'), FX, c)).toBe(true);
    expect(isLiquidatable(short, u('159.41'), FX, c)).toBe(false);
  });
});

describe('a cross (EUR/GBP, GBP through GBP/USD at 1.25) at 20x (floor 0.025)', () => {
  // 1000 EUR at 0.85 GBP: notional 850 GBP = 1062.5 USDT, margin 1062.5 / 20 = 53.125.
  const c = conv('EUR', 'GBP');
  it('long and short', () => {
    expect(c.kind).toBe('rate');
    // long: 53.125 + (P - 0.85) x 1000 x 1.25 = 0.025 x 1000 x P x 1.25
    //   => P = (850 - 53.125 / 1.25) / (1000 x 0.975) = 807.5 / 975 = 0.8282051282051282051...: up.
    const long = pos('long', '1000', '0.85', '53.125', 20, '0.025');
    expect(liquidationPrice(long, FX, c)).toBe(u('0.828205128205128206'));
    // short: P = (850 + 42.5) / (1000 x 1.025) = 892.5 / 1025 = 0.8707317073170731707...: down.
    const short = pos('short', '1000', '0.85', '53.125', 20, '0.025');
    expect(liquidationPrice(short, FX, c)).toBe(u('0.87073170731707317'));
    expect(isLiquidatable(long, u('0.828'), FX, c)).toBe(true);
    expect(isLiquidatable(long, u('0.829'), FX, c)).toBe(false);
    expect(isLiquidatable(short, u('0.871'), FX, c)).toBe(true);
    expect(isLiquidatable(short, u('0.87'), FX, c)).toBe(false);
  });
});

describe('a position keeps its floor', () => {
  const RULES: PositionRules = {
    product: 'perp',
    instrumentClass: 'crypto',
    maxLeverage: 100,
    tickSize: u('0.1'),
    lotSize: u('0.001'),
    minLots: u('0.001'),
    takerFee: u('0.0005'),
    stampDuty: u('0'),
    spread: u('0'),
    brackets: CRYPTO,
    liquidationFeeRate: u('0.005'),
    liquidationFeeCap: u('50'),
  };

  it('adding keeps the larger of the position’s and the order’s; none stays none', () => {
    const held = pos('long', '0.1', '60000', '3000', 2, '0.25');
    const fill = { side: 'long' as const, lots: u('0.1'), price: u('60000'), leverage: 2, margin: u('3000') };
    expect(addToPosition(held, fill).floor).toBe(u('0.25'));
    expect(addToPosition(held, { ...fill, floor: u('0.3') }).floor).toBe(u('0.3'));
    expect(addToPosition(null, { ...fill, floor: u('0.25') }).floor).toBe(u('0.25'));
    expect(addToPosition(null, fill)).not.toHaveProperty('floor');
  });

  it('reversing opens the other side with the same floor', () => {
    const held = pos('long', '0.1', '60000', '3000', 2, '0.25');
    expect(reverseCost(RULES, held, u('60000')).after.floor).toBe(u('0.25'));
  });
});
