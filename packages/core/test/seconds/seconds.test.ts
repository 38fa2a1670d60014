import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertBalanced, netDeltas } from '../../src/ledger/posting.ts';
import { formatUnits, parseUnits } from '../../src/money/decimal.ts';
import {
  buyTick,
  type SecondsDirection,
  type SecondsTick,
  secondsOutcome,
  settlementTick,
} from '../../src/seconds/outcome.ts';
import {
  breakEvenRate,
  secondsOrderLegs,
  secondsPayout,
  secondsSettlement,
  secondsSettlementLegs,
} from '../../src/seconds/payout.ts';
import {
  availabilityRefusal,
  periodOf,
  SECONDS_START_WINDOW_MS,
  stakeRefusal,
} from '../../src/seconds/rules.ts';
import { lossShare } from '../../src/trading/loss-share.ts';

const u = parseUnits;
const tick = (ts: number, price: string, source: string | null = 'sim'): SecondsTick => ({
  ts,
  price: u(price),
  source,
});
const ACCOUNT = 'user:1:contract';
const DEALER = 'platform:main:dealer';

describe('seconds contracts: the outcome from two ticks', () => {
  it('up wins above the buy price, down below, equal refunds', () => {
    const buy = tick(1000, '100');
    expect(secondsOutcome('up', buy, tick(2000, '100.01'))).toEqual({ result: 'win' });
    expect(secondsOutcome('down', buy, tick(2000, '100.01'))).toEqual({ result: 'loss' });
    expect(secondsOutcome('down', buy, tick(2000, '99.99'))).toEqual({ result: 'win' });
    expect(secondsOutcome('up', buy, tick(2000, '99.99'))).toEqual({ result: 'loss' });
    expect(secondsOutcome('up', buy, tick(2000, '100'))).toEqual({ result: 'refund', reason: 'equal' });
  });

  it('refunds when the period saw fewer than two ticks', () => {
    const buy = tick(1000, '100');
    expect(secondsOutcome('up', buy, null)).toEqual({ result: 'refund', reason: 'too_few_ticks' });
    // The buy tick itself is not a second tick.
    expect(secondsOutcome('up', buy, tick(1000, '101'))).toEqual({
      result: 'refund',
      reason: 'too_few_ticks',
    });
  });

  it('buys on the first tick after acceptance and settles on the last at or before delivery', () => {
    const ticks = [
      tick(900, '1'),
      tick(1000, '2'),
      tick(1001, '3'),
      tick(1500, '4'),
      tick(31_001, '5'),
      tick(31_002, '6'),
    ];
    expect(buyTick(ticks, 1000)?.price).toBe(u('3'));
    expect(buyTick(ticks, 40_000)).toBeNull();
    expect(settlementTick(ticks, 1001, 31_001)?.price).toBe(u('5'));
    // A tick one millisecond after delivery is never used.
    expect(settlementTick(ticks, 1001, 31_000)?.price).toBe(u('4'));
    expect(settlementTick([tick(1001, '3')], 1001, 31_001)).toBeNull();
  });

  it('starts only within the start window after acceptance: a later first tick is no buy tick', () => {
    const w = SECONDS_START_WINDOW_MS;
    expect(buyTick([tick(1000 + w, '7')], 1000)?.price).toBe(u('7'));
    // The case: the first tick 23 s after acceptance (a restart between) never starts it.
    expect(buyTick([tick(1000 + w + 1, '7'), tick(24_000, '8')], 1000)).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60_000 }), { maxLength: 20 }), (times) => {
        const b = buyTick(
          times.map((t) => tick(t, '1')),
          1000,
        );
        if (b) expect(b.ts > 1000 && b.ts <= 1000 + w).toBe(true);
        else expect(times.some((t) => t > 1000 && t <= 1000 + w)).toBe(false);
      }),
    );
  });

  it('depends on the ticks alone: the same ticks give the same outcome, changed ticks move it', () => {
    const price = fc.bigInt({ min: 1n, max: 10n ** 24n });
    fc.assert(
      fc.property(fc.constantFrom<SecondsDirection>('up', 'down'), price, price, (dir, a, b) => {
        const buy = { ts: 1, price: a, source: 'x' };
        const settle = { ts: 2, price: b, source: 'x' };
        const once = secondsOutcome(dir, buy, settle);
        expect(secondsOutcome(dir, { ...buy }, { ...settle })).toEqual(once);
        const expected = a === b ? 'refund' : (dir === 'up') === b > a ? 'win' : 'loss';
        expect(once.result).toBe(expected);
        // Up and down are opposite bets on the same ticks.
        const other = secondsOutcome(dir === 'up' ? 'down' : 'up', buy, settle).result;
        if (expected === 'refund') expect(other).toBe('refund');
        else expect(other).not.toBe(expected);
      }),
    );
  });
});

describe('seconds contracts: money', () => {
  it('pays the stake plus stake x ratio on a win, rounded down to the asset', () => {
    expect(formatUnits(secondsPayout(u('100'), u('0.8'), 2))).toBe('180');
    expect(formatUnits(secondsPayout(u('10.01'), u('0.85'), 2))).toBe('18.51');
    expect(formatUnits(secondsPayout(u('10000'), u('0.88'), 2))).toBe('18800');
  });

  it('gives the break-even hit rate 1 / (1 + ratio)', () => {
    expect(formatUnits(breakEvenRate(u('0.8'))).slice(0, 6)).toBe('0.5555');
    expect(formatUnits(breakEvenRate(u('1')))).toBe('0.5');
    expect(formatUnits(breakEvenRate(u('0.88'))).slice(0, 6)).toBe('0.5319');
  });

  it('settles with balanced legs that return exactly the shown amount', () => {
    const stake = fc.bigInt({ min: 10n, max: 1_000_000n }).map((c) => c * 10n ** 16n);
    const ratio = fc.constantFrom('0.8', '0.82', '0.85', '0.88').map(u);
    const outcome = fc.constantFrom(
      { result: 'win' as const },
      { result: 'loss' as const },
      { result: 'refund' as const, reason: 'equal' as const },
      { result: 'refund' as const, reason: 'too_few_ticks' as const },
    );
    fc.assert(
      fc.property(stake, ratio, outcome, (s, r, o) => {
        const order = secondsOrderLegs(ACCOUNT, 'USDT', s);
        assertBalanced(order);
        const { returned, pnl } = secondsSettlement(o, s, r, 2);
        expect(returned - s).toBe(pnl);
        const legs = secondsSettlementLegs(ACCOUNT, DEALER, 'USDT', s, o, pnl);
        assertBalanced(legs);
        // Order then settlement: the user's available moves by the profit or loss, frozen ends at zero.
        const user = netDeltas([...order, ...legs]).find((d) => d.account === ACCOUNT);
        expect(user?.frozen ?? 0n).toBe(0n);
        expect(user?.available ?? 0n).toBe(pnl);
        const dealer = netDeltas(legs).find((d) => d.account === DEALER);
        expect(dealer?.available ?? 0n).toBe(-pnl);
      }),
    );
  });
});

describe('seconds contracts: rules', () => {
  const periods = [
    { seconds: 30, ratio: u('0.8') },
    { seconds: 60, ratio: u('0.82') },
  ];
  it('takes only periods on offer and stakes in range', () => {
    expect(periodOf(periods, 60)).toEqual(periods[1]);
    expect(periodOf(periods, 45)).toBe('seconds_period_unknown');
    expect(stakeRefusal(u('9.99'), u('10'), u('10000'))).toBe('seconds_stake_below_min');
    expect(stakeRefusal(u('10'), u('10'), u('10000'))).toBeNull();
    expect(stakeRefusal(u('10000'), u('10'), u('10000'))).toBeNull();
    expect(stakeRefusal(u('10000.01'), u('10'), u('10000'))).toBe('seconds_stake_above_max');
  });

  it('is off globally, or for a verified nationality whose country is switched off', () => {
    expect(availabilityRefusal(false, [], 'US')).toBe('seconds_product_off');
    expect(availabilityRefusal(true, ['GB', 'DE'], 'gb')).toBe('seconds_country_off');
    expect(availabilityRefusal(true, ['GB'], 'US')).toBeNull();
    expect(availabilityRefusal(true, ['GB'], null)).toBeNull();
  });
});

describe('seconds contracts: the share of accounts that lost money', () => {
  it('is null below the minimum number of accounts, else losers over all', () => {
    expect(lossShare([u('-1'), u('2')], 3)).toBeNull();
    expect(lossShare([], 0)).toBeNull();
    const share = lossShare([u('-1'), u('2'), u('0'), u('-0.01')], 4);
    expect(share).toMatchObject({ accounts: 4, losing: 2 });
    expect(formatUnits(share?.share ?? 0n)).toBe('0.5');
  });

  it('counts exactly the accounts below zero', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }), { minLength: 1 }), (nets) => {
        const s = lossShare(nets, 1);
        expect(s?.losing).toBe(nets.filter((n) => n < 0n).length);
        expect(s?.share ?? -1n).toBeGreaterThanOrEqual(0n);
        expect(s?.share ?? 2n).toBeLessThanOrEqual(u('1'));
      }),
    );
  });
});
