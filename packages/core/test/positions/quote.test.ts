import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits as u } from '../../src/money/decimal.ts';
import { closeOutcome, liquidationOutcome } from '../../src/positions/close.ts';
import { fundingPayment } from '../../src/positions/funding.ts';
import { openCost } from '../../src/positions/open.ts';
import { type QuoteConversion, quoteAmountInUsdt, quoteConversion } from '../../src/positions/quote.ts';
import {
  equityAt,
  isLiquidatable,
  liquidationPrice,
  notionalAt,
  unrealisedPnl,
} from '../../src/positions/risk.ts';
import type { MarginBracket, PositionRules, PositionState } from '../../src/positions/types.ts';

const ONE = 10n ** 18n;
const FX_BRACKETS: MarginBracket[] = [
  { notionalUpTo: u('100000'), rate: u('0.005') },
  { notionalUpTo: u('1000000'), rate: u('0.01') },
  { notionalUpTo: null, rate: u('0.02') },
];
const FX: PositionRules = {
  product: 'cfd',
  instrumentClass: 'forex',
  maxLeverage: 100,
  tickSize: u('0.001'),
  lotSize: u('0.01'),
  minLots: u('0.01'),
  takerFee: u('0.0001'),
  stampDuty: u('0'),
  spread: u('0.0001'),
  brackets: FX_BRACKETS,
  liquidationFeeRate: u('0.005'),
  liquidationFeeCap: u('50'),
};

/** Index prices by symbol, as the feed has them. */
const INDEX: Record<string, string> = {
  'EUR/USD': '1.08452',
  'GBP/USD': '1.25',
  'USD/JPY': '155.425',
  'USD/CHF': '0.8',
  'USD/CAD': '1.25',
};
const priceOf = (s: string) => (INDEX[s] === undefined ? undefined : u(INDEX[s]));
const conv = (symbol: string): QuoteConversion => {
  const [base, quote] = symbol.split('/') as [string, string];
  const c = quoteConversion({ base, quote }, priceOf);
  if (!c) throw new Error(`no rate for ${symbol}`);
  return c;
};
const long = (lots: string, entry: string, margin: string): PositionState => ({
  side: 'long',
  lots: u(lots),
  entry: u(entry),
  margin: u(margin),
  leverage: 50,
});

describe('the quote currency to USDT rate', () => {
  it('is 1 for USD, the pair itself for USD/XXX, the direct or inverse USD leg for a cross', () => {
    expect(quoteConversion({ base: 'EUR', quote: 'USD' }, priceOf)).toEqual({ kind: 'par' });
    expect(quoteConversion({ base: 'BTC', quote: 'USDT' }, priceOf)).toEqual({ kind: 'par' });
    expect(quoteConversion({ base: 'USD', quote: 'JPY' }, priceOf)).toEqual({ kind: 'own' });
    expect(conv('EUR/GBP')).toEqual({ kind: 'rate', num: u('1.25'), den: ONE });
    expect(conv('EUR/JPY')).toEqual({ kind: 'rate', num: ONE, den: u('155.425') });
    expect(conv('CAD/CHF')).toEqual({ kind: 'rate', num: ONE, den: u('0.8') });
    expect(quoteConversion({ base: 'EUR', quote: 'SEK' }, priceOf)).toBeNull();
  });
});

describe('a turnover in the quote currency, in USDT', () => {
  it('is the same figure for a USD or USDT quote, divided by the pair for USD/XXX, through the leg for a cross', () => {
    const usdt = (symbol: string, amount: string, price: string) => {
      const [base, quote] = symbol.split('/') as [string, string];
      return quoteAmountInUsdt(u(amount), u(price), quoteConversion({ base, quote }, priceOf));
    };
    expect(usdt('BTC/USDT', '2930540.5', '67250.5')).toBe(u('2930540.5'));
    expect(usdt('EUR/USD', '1000', '1.08452')).toBe(u('1000'));
    // 155,425,000 yen of USD/JPY at 155.425 is 1,000,000 USDT, not a turnover 155 times a USDT pair's.
    expect(usdt('USD/JPY', '155425000', '155.425')).toBe(u('1000000'));
    // EUR/JPY's yen through USD/JPY (155.425): 1,554,250 yen is 10,000 USDT.
    expect(usdt('EUR/JPY', '1554250', '168.55')).toBe(u('10000'));
    // EUR/GBP's pounds through GBP/USD (1.25).
    expect(usdt('EUR/GBP', '800', '0.85301')).toBe(u('1000'));
    // No USD leg with a price: no figure to rank by.
    expect(usdt('EUR/SEK', '1000', '11.2')).toBeNull();
  });
});

describe('valuing in USDT, by hand (issue 23)', () => {
  it('USD/JPY: 1,000 USD at 155.425 at 50x is worth 1,000 USDT, margin 20, fee 0.1', () => {
    const cost = openCost(FX, { lots: u('1000'), price: u('155.425'), leverage: 50 }, conv('USD/JPY'));
    expect(cost).toEqual({
      notional: u('1000'),
      margin: u('20'),
      fee: u('0.1'),
      stampDuty: 0n,
      prepaid: u('20.1'),
    });
  });

  it('USD/JPY: a 0.024 JPY rise closes 1,000 USD long at +0.024 x 1000 / 155.449 USDT, fee at the close', () => {
    const pos = long('1000', '155.425', '20');
    const out = closeOutcome(
      pos,
      { lots: u('1000'), price: u('155.449'), feeRate: u('0.0001') },
      conv('USD/JPY'),
    );
    // 24 / 155.449 = 0.154391472444... rounded down; fee 1000 x 0.0001 = 0.1 exactly (notional is the lots).
    expect(out.realisedPnl).toBe(u('0.15439147'));
    expect(out.fee).toBe(u('0.1'));
    expect(out.payout).toBe(u('20') + u('0.15439147') - u('0.1'));
  });

  it('USD/CHF at 0.8: 100 USD at 20x, margin 5; a 0.01 fall loses 1 CHF / 0.79 USDT', () => {
    const c = conv('USD/CHF');
    expect(openCost(FX, { lots: u('100'), price: u('0.8'), leverage: 20 }, c).margin).toBe(u('5'));
    const out = closeOutcome(long('100', '0.8', '5'), { lots: u('100'), price: u('0.79'), feeRate: 0n }, c);
    // -1 / 0.79 = -1.26582278481..., a loss rounded up in size.
    expect(out.realisedPnl).toBe(u('-1.26582279'));
  });

  it('USD/CAD at 1.25: unrealised PnL and notional at the mark 1.3 (in USDT at 1 / 1.3)', () => {
    const pos = long('130', '1.25', '2');
    expect(notionalAt(pos, u('1.3'), conv('USD/CAD'))).toBe(u('130'));
    // (1.3 - 1.25) x 130 = 6.5 CAD = 5 USDT.
    expect(unrealisedPnl(pos, u('1.3'), conv('USD/CAD'))).toBe(u('5'));
  });

  it('EUR/GBP at 0.8 with GBP/USD 1.25: 1,000 EUR is 800 GBP = 1,000 USDT; margin at 10x 100, fee 0.1', () => {
    const cost = openCost(FX, { lots: u('1000'), price: u('0.8'), leverage: 10 }, conv('EUR/GBP'));
    expect(cost.notional).toBe(u('1000'));
    expect(cost.margin).toBe(u('100'));
    expect(cost.fee).toBe(u('0.1'));
    const out = closeOutcome(
      long('1000', '0.8', '100'),
      { lots: u('1000'), price: u('0.81'), feeRate: 0n },
      conv('EUR/GBP'),
    );
    expect(out.realisedPnl).toBe(u('12.5')); // 10 GBP x 1.25
  });

  it('EUR/JPY at 168.55 with USD/JPY 155.425: notional 1000 x 168.55 / 155.425, funding and liquidation fee too', () => {
    const c = conv('EUR/JPY');
    const cost = openCost(FX, { lots: u('1000'), price: u('168.55'), leverage: 100 }, c);
    // 168550 / 155.425 = 1084.44587421586...
    expect(cost.notional).toBe(u('1084.445874215859739424'));
    expect(cost.margin).toBe(u('10.84445875'));
    expect(cost.fee).toBe(u('0.10844459'));
    const pos: PositionState = {
      side: 'long',
      lots: u('1000'),
      entry: u('168.55'),
      margin: cost.margin,
      leverage: 100,
    };
    // 0.0001 x 1084.4458742... = 0.10844458742... paid, rounded up.
    expect(fundingPayment(pos, u('168.55'), u('0.0001'), c)).toBe(u('0.10844459'));
    expect(liquidationOutcome(pos, { mark: u('168.55'), rules: FX }, c).fee).toBe(u('5.42222938'));
  });

  it('stamp duty converts too (a stock quoted in GBP)', () => {
    const stock: PositionRules = { ...FX, instrumentClass: 'stock', stampDuty: u('0.005') };
    const c = quoteConversion({ base: 'VOD', quote: 'GBP' }, priceOf) as QuoteConversion;
    expect(openCost(stock, { lots: u('100'), price: u('0.8'), leverage: 1 }, c).stampDuty).toBe(u('0.5'));
  });

  it('USD/JPY liquidation price: 50x long of 1000 at 155.425 solves margin + (P - E) L / P = 0.5% L', () => {
    // P = 155.425 x 1000 / (20 + 1000 x 0.995) = 155425 / 1015 = 153.128078817733990147...
    expect(liquidationPrice(long('1000', '155.425', '20'), FX_BRACKETS, conv('USD/JPY'))).toBe(
      u('153.128078817733990148'),
    );
    // short: P = 155425 / (1000 x 1.005 - 20) = 155425 / 985 = 157.791878172588832487...
    expect(
      liquidationPrice({ ...long('1000', '155.425', '20'), side: 'short' }, FX_BRACKETS, conv('USD/JPY')),
    ).toBe(u('157.791878172588832487'));
  });
});

const FX_SYMBOLS = ['EUR/USD', 'USD/JPY', 'USD/CHF', 'USD/CAD', 'EUR/GBP', 'EUR/JPY'];

describe('liquidation prices in a foreign quote currency', () => {
  it('put equity at the maintenance margin there, and the position is liquidated just past it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FX_SYMBOLS),
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.bigInt({ min: u('0.5'), max: u('200') }),
        fc.integer({ min: 2, max: 100 }),
        (symbol, side, hundredths, entry, leverage) => {
          const c = conv(symbol);
          const lots = hundredths * u('0.01');
          const margin = openCost(FX, { lots, price: entry, leverage }, c).margin;
          const pos: PositionState = { side, lots, entry, margin, leverage };
          const price = liquidationPrice(pos, FX_BRACKETS, c);
          if (price === null) return;
          const notional = notionalAt(pos, price, c);
          const mm =
            (notional *
              (FX_BRACKETS.find((b) => b.notionalUpTo === null || notional <= b.notionalUpTo)?.rate ?? 0n)) /
            ONE;
          const diff = equityAt(pos, price, c) - mm;
          // A price unit moves the USDT equity by at most lots x rate units (rate < 1/0.5 here).
          const slack = 4n * (lots / ONE + 1n) + 4n;
          expect(diff >= -slack && diff <= slack).toBe(true);
          const step = price / 1000n + 1n;
          expect(isLiquidatable(pos, side === 'long' ? price - step : price + step, FX_BRACKETS, c)).toBe(
            true,
          );
          expect(isLiquidatable(pos, side === 'long' ? price + step : price - step, FX_BRACKETS, c)).toBe(
            false,
          );
        },
      ),
    );
  });
});
