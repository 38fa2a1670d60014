import { parseUnits } from '@otc/core/money/decimal';
import type { PositionRules } from '@otc/core/positions/types';
import { describe, expect, it } from 'vitest';
import {
  clampLeverage,
  countdownText,
  percentText,
  quoteConversionOf,
  reverseQuote,
  rulesOf,
  type TicketInput,
  ticketProblem,
  ticketQuote,
  tpSlProblem,
  tradingStatus,
} from './ticket.ts';

const u = parseUnits;
const perp: PositionRules = {
  product: 'perp',
  instrumentClass: 'crypto',
  maxLeverage: 100,
  tickSize: u('0.01'),
  lotSize: u('0.001'),
  minLots: u('0.001'),
  takerFee: u('0.0005'),
  stampDuty: u('0.001'),
  spread: u('0.0005'),
  brackets: [{ notionalUpTo: null, rate: u('0.004') }],
  liquidationFeeRate: u('0.005'),
  liquidationFeeCap: u('100'),
};
const stock: PositionRules = {
  ...perp,
  product: 'cfd',
  instrumentClass: 'stock',
  maxLeverage: 20,
  lotSize: u('1'),
  minLots: u('1'),
};
const order = (over: Partial<TicketInput> = {}): TicketInput => ({
  side: 'long',
  type: 'limit',
  price: '100',
  lots: '1',
  leverage: 10,
  tp: '',
  sl: '',
  ...over,
});

describe('the ticket shows what the order costs before confirming', () => {
  it('the issue’s worked example: a 10x long of 1 at 100 with 0.4% maintenance liquidates at 90.3614...', () => {
    const q = ticketQuote(perp, null, order());
    expect(q).toMatchObject({ notional: '100', margin: '10', fee: '0.05', stampDuty: '0', prepaid: '10.05' });
    expect(q?.liquidationPrice?.startsWith('90.36144578')).toBe(true);
    expect(
      ticketQuote(perp, null, order({ side: 'short' }))?.liquidationPrice?.startsWith('109.56175298'),
    ).toBe(true);
  });

  it('a stock CFD’s prepaid amount is notional / leverage + fee + stamp duty', () => {
    const q = ticketQuote(stock, null, order({ price: '150', lots: '2', leverage: 5 }));
    expect(q).toMatchObject({
      notional: '300',
      margin: '60',
      fee: '0.15',
      stampDuty: '0.3',
      prepaid: '60.45',
    });
  });

  it('a market order is quoted at the mark plus the spread for a long and minus it for a short', () => {
    expect(ticketQuote(perp, u('100'), order({ type: 'market' }))?.price).toBe('100.05');
    expect(ticketQuote(perp, u('100'), order({ type: 'market', side: 'short' }))?.price).toBe('99.95');
    expect(ticketQuote(perp, null, order({ type: 'market' }))).toBeNull();
    // A short limit below the dealer's bid reserves at the bid, where it fills (as the server does);
    // a long limit above the ask reserves at its limit (the better fill gives the rest back).
    expect(ticketQuote(perp, u('100'), order({ side: 'short', price: '90' }))?.price).toBe('99.95');
    expect(ticketQuote(perp, u('100'), order({ side: 'short', price: '101' }))?.price).toBe('101');
    expect(ticketQuote(perp, u('100'), order({ price: '110' }))?.price).toBe('110');
  });

  it('adds to the position held on the same side: the liquidation price of the whole', () => {
    const held = { side: 'long' as const, lots: u('1'), entry: u('100'), margin: u('10'), leverage: 10 };
    const alone = ticketQuote(perp, null, order({ price: '100' }));
    const added = ticketQuote(perp, null, order({ price: '100' }), held);
    expect(added?.liquidationPrice).toBe(alone?.liquidationPrice);
    const higher = ticketQuote(perp, null, order({ price: '110' }), held);
    expect(parseUnits(higher?.liquidationPrice ?? '0')).toBeGreaterThan(
      parseUnits(alone?.liquidationPrice ?? '0'),
    );
  });

  it('with the country’s close-out (ESMA: 50% of the initial margin) the estimate is the floor’s', () => {
    // 2x long of 1 at 100: margin 50, floor 0.5 / 2 = 0.25.
    // 50 + (P - 100) = 0.25 x P  =>  P = 50 / 0.75 = 66.666...: rounded up (toward the entry).
    const uk = ticketQuote(perp, null, order({ leverage: 2 }), null, undefined, '0.5');
    expect(uk).toMatchObject({ margin: '50', liquidationPrice: '66.666666666666666667' });
    // Without a close-out, 0.4% maintenance: P = 50 / 0.996 = 50.2008032128514056224...: up.
    const anyone = ticketQuote(perp, null, order({ leverage: 2 }));
    expect(anyone?.liquidationPrice).toBe('50.200803212851405623');
    // Short: 50 + (100 - P) = 0.25 x P  =>  P = 150 / 1.25 = 120.
    expect(
      ticketQuote(perp, null, order({ leverage: 2, side: 'short' }), null, undefined, '0.5')
        ?.liquidationPrice,
    ).toBe('120');
    // Adding to a position opened under the close-out keeps its floor, whatever the detail says now.
    const held = {
      side: 'long' as const,
      lots: u('1'),
      entry: u('100'),
      margin: u('50'),
      leverage: 2,
      floor: u('0.25'),
    };
    expect(ticketQuote(perp, null, order({ leverage: 2 }), held)?.liquidationPrice).toBe(
      '66.666666666666666667',
    );
  });

  it('nothing to quote until price and lots read as positive numbers', () => {
    expect(ticketQuote(perp, null, order({ lots: '' }))).toBeNull();
    expect(ticketQuote(perp, null, order({ price: 'x' }))).toBeNull();
    expect(ticketQuote(perp, null, order({ lots: '0' }))).toBeNull();
  });
});

describe('what is wrong with the ticket', () => {
  it('accepts a good order', () => {
    expect(ticketProblem(perp, u('100'), order(), '1000')).toBeNull();
  });

  it('says which entry is wrong and why', () => {
    expect(ticketProblem(perp, null, order({ price: '' }))).toMatchObject({
      field: 'price',
      key: 'enterPrice',
    });
    expect(ticketProblem(perp, null, order({ price: '100.005' }))).toMatchObject({
      field: 'price',
      key: 'offTick',
    });
    expect(ticketProblem(perp, null, order({ lots: '' }))).toMatchObject({ field: 'lots', key: 'enterLots' });
    expect(ticketProblem(perp, null, order({ lots: '0.0015' }))).toMatchObject({
      field: 'lots',
      key: 'offStep',
    });
    expect(ticketProblem(stock, null, order({ lots: '0.5', leverage: 5 }))).toMatchObject({
      key: 'belowMin',
    });
    expect(ticketProblem(perp, null, order({ leverage: 101 }))).toMatchObject({
      field: 'leverage',
      values: { max: 100 },
    });
  });

  it('caps a stock CFD’s leverage at its class cap of 5 under the instrument’s 20', () => {
    expect(ticketProblem(stock, null, order({ leverage: 6 }))).toMatchObject({
      key: 'leverageRange',
      values: { max: 5 },
    });
    expect(ticketProblem(stock, null, order({ leverage: 5 }))).toBeNull();
  });

  it('refuses a TP at or below the price of a long and an SL at or above it (and the other way for a short)', () => {
    expect(ticketProblem(perp, null, order({ tp: '100' }))).toMatchObject({ field: 'tp', key: 'tpInvalid' });
    expect(ticketProblem(perp, null, order({ sl: '100' }))).toMatchObject({ field: 'sl', key: 'slInvalid' });
    expect(ticketProblem(perp, null, order({ tp: '120', sl: '95' }))).toBeNull();
    expect(ticketProblem(perp, null, order({ side: 'short', tp: '120' }))).toMatchObject({
      key: 'tpInvalid',
    });
    expect(ticketProblem(perp, null, order({ side: 'short', tp: '80', sl: '105' }))).toBeNull();
    // A market order's reference is its fill at the mark.
    expect(ticketProblem(perp, u('100'), order({ type: 'market', tp: '100.02' }))).toMatchObject({
      key: 'tpInvalid',
    });
  });

  it('an SL below the liquidation price is allowed', () => {
    expect(tpSlProblem('long', u('100'), '', '50')).toBeNull();
  });

  it('refuses more than the contract account holds, naming the amount needed', () => {
    expect(ticketProblem(perp, null, order(), '10.04')).toMatchObject({
      key: 'insufficient',
      values: { amount: '10.05' },
    });
    expect(ticketProblem(perp, null, order(), '10.05')).toBeNull();
  });
});

describe('ticket helpers', () => {
  it('reads the wire rules as core’s', () => {
    const rules = rulesOf({
      instrument: { class: 'stock' } as never,
      rules: {
        product: 'cfd',
        maxLeverage: 20,
        countryCapped: false,
        closeOutLevel: null,
        tickSize: '0.01',
        lotSize: '1',
        minLots: '1',
        takerFee: '0.0005',
        stampDuty: '0.001',
        spread: '0.0005',
        brackets: [
          { notionalUpTo: '50000', rate: '0.004' },
          { notionalUpTo: null, rate: '0.01' },
        ],
        liquidationFeeRate: '0.005',
        liquidationFeeCap: '100',
        fundingIntervalHours: 8,
        fundingClamp: '0.0075',
        exposureCap: '1000',
      },
    });
    expect(rules.instrumentClass).toBe('stock');
    expect(rules.brackets).toEqual([
      { notionalUpTo: u('50000'), rate: u('0.004') },
      { notionalUpTo: null, rate: u('0.01') },
    ]);
  });

  it('keeps leverage whole and within 1..cap', () => {
    expect(clampLeverage(0, 20)).toBe(1);
    expect(clampLeverage(25, 20)).toBe(20);
    expect(clampLeverage(7.4, 20)).toBe(7);
    expect(clampLeverage(Number.NaN, 20)).toBe(1);
  });

  it('shows rates as exact percentages and the funding countdown as HH:MM:SS', () => {
    expect(percentText('0.0001')).toBe('0.01%');
    expect(percentText('-0.00025')).toBe('-0.025%');
    expect(percentText('1.5')).toBe('150%');
    expect(percentText('0.099579104477611940', 2)).toBe('9.96%');
    expect(percentText('-0.000049', 2)).toBe('0%');
    // In the reader's shape: German writes "Spread von 0,05 %", not "0.05%".
    expect(percentText('0.0005', 4, 'de')).toBe('0,05\u00a0%');
    expect(percentText('-0.00025', 4, 'de')).toBe('-0,025\u00a0%');
    expect(countdownText(3_723_000, 0)).toBe('01:02:03');
    expect(countdownText(0, 5_000)).toBe('00:00:00');
  });
});

describe('whether the ticket may send', () => {
  it('believes the server when it says closed or halted, even when the last ticker read open', () => {
    expect(tradingStatus('closed', 'open', 'open')).toBe('closed');
    expect(tradingStatus('halted', 'open', 'open')).toBe('halted');
  });
  it('else follows the live ticker (a halt on the feed), then the instrument', () => {
    expect(tradingStatus('open', 'halted', 'open')).toBe('halted');
    expect(tradingStatus('open', undefined, 'closed')).toBe('open');
    expect(tradingStatus(undefined, undefined, 'closed')).toBe('closed');
  });
});

describe('the ticket of a pair quoted in another currency shows USDT (issue 23)', () => {
  const fx: PositionRules = {
    ...perp,
    product: 'cfd',
    instrumentClass: 'forex',
    tickSize: u('0.001'),
    lotSize: u('0.01'),
    minLots: u('0.01'),
    takerFee: u('0.0001'),
    spread: u('0.0001'),
    brackets: [
      { notionalUpTo: u('100000'), rate: u('0.005') },
      { notionalUpTo: null, rate: u('0.01') },
    ],
  };
  const own = quoteConversionOf({ quoteRate: { kind: 'own', num: '1', den: '1' } });
  const viaUsdJpy = quoteConversionOf({ quoteRate: { kind: 'rate', num: '1', den: '150' } });

  it('USD/JPY: 1,000 USD at 150.015, 50x: notional 1000, margin 20, fee 0.1, liquidation at 147.798...', () => {
    const q = ticketQuote(fx, u('150'), order({ type: 'market', lots: '1000', leverage: 50 }), null, own);
    expect(q).toMatchObject({
      price: '150.015',
      notional: '1000',
      margin: '20',
      fee: '0.1',
      prepaid: '20.1',
      // 150.015 x 1000 / (20 + 995) = 147.798029556650246305418..., rounded up.
      liquidationPrice: '147.798029556650246306',
    });
  });

  it('EUR/JPY through USD/JPY 150: 1,000 EUR at 165.017, 100x: notional 1100.113..., margin 11.00113334, prepaid with the 1% cushion', () => {
    const q = ticketQuote(
      fx,
      u('165'),
      order({ type: 'market', lots: '1000', leverage: 100 }),
      null,
      viaUsdJpy,
    );
    expect(q).toMatchObject({
      price: '165.017',
      notional: '1100.113333333333333333',
      margin: '11.00113334',
      fee: '0.11001134',
      // What the server freezes: at 1.01 / 150, 165,017 JPY is 1111.11446666... USDT; margin
      // 11.11114467 (up) + fee 0.11111145 (up). The fill charges at the leg's rate then, the rest back.
      prepaid: '11.22225612',
    });
  });

  it('shows no figures while the cross has no rate, and checks the funds against the USDT prepaid', () => {
    const none = quoteConversionOf({ quoteRate: null });
    expect(ticketQuote(fx, u('165'), order({ type: 'market', lots: '1000' }), null, none)).toBeNull();
    const input = order({ type: 'market', lots: '1000', leverage: 50 });
    expect(ticketProblem(fx, u('150'), input, '20.1', own)).toBeNull();
    expect(ticketProblem(fx, u('150'), input, '20.09', own)).toMatchObject({ key: 'insufficient' });
  });
});

describe('the reverse confirmation shows what reversing costs, as the ticket computes an order', () => {
  const btc: PositionRules = { ...perp, tickSize: u('0.1'), spread: u('0.0002') };
  const held = { side: 'long' as const, lots: '0.1', entryPrice: '60012', margin: '600.12', leverage: 10 };

  it('a BTC-PERP long of 0.1 at 60012 (10x) at a mark of 61000', () => {
    // Closing a long sells at 61000 x 0.9998 = 60987.8; close fee 6098.78 x 0.0005 = 3.04939,
    // PnL (60987.8 - 60012) x 0.1 = 97.58. The short opens 0.1 at 60987.8: margin 609.878, fee 3.04939.
    expect(reverseQuote(btc, u('61000'), held, { kind: 'par' })).toEqual({
      price: '60987.8',
      closeFee: '3.04939',
      openFee: '3.04939',
      stampDuty: '0',
      fees: '6.09878',
      realisedPnl: '97.58',
      side: 'short',
      lots: '0.1',
      margin: '609.878',
    });
  });

  it('a USD/JPY short of 1000 at 150.015 (50x) at 151.5: yen in USDT at the fill', () => {
    const fx: PositionRules = {
      ...perp,
      product: 'cfd',
      instrumentClass: 'forex',
      tickSize: u('0.001'),
      takerFee: u('0.0001'),
      spread: u('0.0001'),
    };
    const short = { side: 'short' as const, lots: '1000', entryPrice: '150.015', margin: '20', leverage: 50 };
    // Closing a short buys at 151.5 x 1.0001 = 151.51515, up to the tick: 151.516. 1000 USD of notional
    // = 1000 USDT: close fee 0.1, open fee 0.1, margin 1000 / 50 = 20.
    // PnL (150.015 - 151.516) x 1000 = -1501 JPY / 151.516 = -9.906544523... (a loss rounded up): -9.90654453.
    const q = reverseQuote(fx, u('151.5'), short, { kind: 'own' });
    expect(q).toMatchObject({ price: '151.516', fees: '0.2', margin: '20', side: 'long', lots: '1000' });
    expect(q?.realisedPnl).toBe('-9.90654453');
  });

  it('adds to a position already on the other side, and shows nothing without a price', () => {
    // A short of 0.05 (margin 300) already open: 0.15 lots, margin 300 + 609.878.
    const other = { side: 'short' as const, lots: '0.05', entryPrice: '61000', margin: '300', leverage: 10 };
    expect(reverseQuote(btc, u('61000'), held, { kind: 'par' }, other)).toMatchObject({
      lots: '0.15',
      margin: '909.878',
    });
    expect(reverseQuote(btc, null, held, { kind: 'par' })).toBeNull();
    expect(reverseQuote(btc, u('61000'), held, null)).toBeNull();
  });
});
