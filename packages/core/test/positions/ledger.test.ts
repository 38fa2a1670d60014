import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertBalanced, freeze, type Leg, move } from '../../src/ledger/posting.ts';
import { parseUnits as u } from '../../src/money/decimal.ts';
import { closeOutcome, liquidationOutcome } from '../../src/positions/close.ts';
import { applyFunding, fundingPayment, fundingRate } from '../../src/positions/funding.ts';
import { closeLegs, fundingLegs, liquidationLegs, openLegs, refundLegs } from '../../src/positions/legs.ts';
import { addToPosition, openCost } from '../../src/positions/open.ts';
import { isLiquidatable } from '../../src/positions/risk.ts';
import { checkOrder, fillPrice } from '../../src/positions/rules.ts';
import type { PositionRules, PositionSide, PositionState } from '../../src/positions/types.ts';

const RULES: PositionRules = {
  product: 'perp',
  instrumentClass: 'crypto',
  maxLeverage: 50,
  tickSize: u('0.1'),
  lotSize: u('0.001'),
  minLots: u('0.001'),
  takerFee: u('0.0005'),
  stampDuty: 0n,
  spread: u('0.0005'),
  brackets: [
    { notionalUpTo: u('50000'), rate: u('0.004') },
    { notionalUpTo: null, rate: u('0.01') },
  ],
  liquidationFeeRate: u('0.002'),
  liquidationFeeCap: u('25'),
};

describe('funding', () => {
  it('leans against the net exposure, clamped', () => {
    const base = { exposureCap: u('100'), interest: u('0.0001'), clamp: u('0.0075') };
    expect(fundingRate({ ...base, netExposure: 0n })).toBe(u('0.0001'));
    expect(fundingRate({ ...base, netExposure: u('10') })).toBe(u('0.00085'));
    expect(fundingRate({ ...base, netExposure: u('-10') })).toBe(u('-0.00065'));
    expect(fundingRate({ ...base, netExposure: u('500') })).toBe(u('0.0075'));
    expect(fundingRate({ ...base, netExposure: u('-500') })).toBe(u('-0.0075'));
  });

  it('makes longs pay a positive rate and shorts receive it, rounded against the user', () => {
    const pos: PositionState = {
      side: 'long',
      lots: u('0.003'),
      entry: u('60000'),
      margin: u('9'),
      leverage: 20,
    };
    // 0.003 x 60,000.1 x 0.0001 = 0.01800003 exactly; x 0.00011 = 0.0198000330 -> pays 0.01980004
    expect(fundingPayment(pos, u('60000.1'), u('0.0001'))).toBe(u('0.01800003'));
    expect(fundingPayment(pos, u('60000.1'), u('0.00011'))).toBe(u('0.01980004'));
    expect(fundingPayment({ ...pos, side: 'short' }, u('60000.1'), u('0.00011'))).toBe(u('-0.01980003'));
    expect(applyFunding(pos, u('20'))).toEqual({ position: { ...pos, margin: 0n }, charged: u('9') });
  });
});

describe('liquidation', () => {
  const pos: PositionState = { side: 'long', lots: u('1'), entry: u('100'), margin: u('10'), leverage: 10 };

  it('gives the user what remains after the loss and the capped fee', () => {
    // at 90.4: loss 9.6, fee 0.2% of 90.4 = 0.1808 (under the cap), back to the user 0.2192.
    expect(liquidationOutcome(pos, { mark: u('90.4'), rules: RULES })).toMatchObject({
      realisedPnl: u('-9.6'),
      fee: u('0.1808'),
      toUser: u('0.2192'),
      deficit: 0n,
    });
    // at 90.1 the fee (0.1802) is more than the 0.1 left: the fee takes what is left.
    expect(liquidationOutcome(pos, { mark: u('90.1'), rules: RULES })).toMatchObject({
      fee: u('0.1'),
      toUser: 0n,
    });
    // The cap: 0.2% of 190 = 0.38, capped at 0.3.
    const two = { ...pos, lots: u('2'), margin: u('20') };
    const capped = { ...RULES, liquidationFeeCap: u('0.3') };
    expect(liquidationOutcome(two, { mark: u('95'), rules: capped })).toMatchObject({
      realisedPnl: u('-10'),
      fee: u('0.3'),
      toUser: u('9.7'),
      deficit: 0n,
    });
  });

  it('has the insurance fund pay a deficit while it lasts, and the dealer receive less past it', () => {
    const out = liquidationOutcome(pos, { mark: u('85'), rules: RULES });
    expect(out).toMatchObject({ realisedPnl: u('-10'), fee: 0n, toUser: 0n, deficit: u('5') });
    expect(liquidationLegs('7', out, u('3'))).toEqual([
      { account: 'user:7:contract', asset: 'USDT', field: 'frozen', amount: u('-10') },
      { account: 'platform:main:insurance', asset: 'USDT', field: 'available', amount: u('-3') },
      { account: 'platform:main:dealer', asset: 'USDT', field: 'available', amount: u('13') },
    ]);
  });
});

describe('the legs of an opening fill', () => {
  it('pay the fee and the stamp duty from the reserve, keep the margin frozen, release the rest', () => {
    expect(
      openLegs('7', { reserved: u('200'), margin: u('187.33'), fee: u('0.280995'), stampDuty: u('0.56199') }),
    ).toEqual([
      { account: 'user:7:contract', asset: 'USDT', field: 'frozen', amount: u('-0.280995') },
      { account: 'platform:main:fees', asset: 'USDT', field: 'available', amount: u('0.280995') },
      { account: 'user:7:contract', asset: 'USDT', field: 'frozen', amount: u('-0.56199') },
      { account: 'platform:main:fees', asset: 'USDT', field: 'available', amount: u('0.56199') },
      { account: 'user:7:contract', asset: 'USDT', field: 'frozen', amount: u('-11.827015') },
      { account: 'user:7:contract', asset: 'USDT', field: 'available', amount: u('11.827015') },
    ]);
    expect(() => openLegs('7', { reserved: u('1'), margin: u('1'), fee: u('0.1'), stampDuty: 0n })).toThrow(
      expect.objectContaining({ key: 'reserve_short' }),
    );
  });
});

/**
 * The money of positions over random price paths: several users against one dealer and one
 * insurance fund, every posting applied to an in-memory ledger.
 */
type Cmd =
  | { t: 'tick'; bps: number }
  | { t: 'open'; user: number; side: PositionSide; lots: number; leverage: number; extra: number }
  | { t: 'close'; user: number; side: PositionSide; part: number }
  | { t: 'funding' };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('tick' as const),
      // Mostly small steps (a liquidation with margin left), sometimes a gap (a deficit).
      bps: fc.oneof(fc.integer({ min: -60, max: 60 }), fc.integer({ min: -900, max: 900 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('open' as const),
      user: fc.integer({ min: 1, max: 3 }),
      side: fc.constantFrom<PositionSide>('long', 'short'),
      lots: fc.integer({ min: 1, max: 2000 }),
      leverage: fc.constantFrom(1, 2, 5, 10, 20, 50),
      extra: fc.integer({ min: 0, max: 5000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('close' as const),
      user: fc.integer({ min: 1, max: 3 }),
      side: fc.constantFrom<PositionSide>('long', 'short'),
      part: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('funding' as const) }) },
);

interface Held {
  user: string;
  pos: PositionState;
  /** The position's signed totals as recorded on its row. */
  realised: bigint;
  fees: bigint;
  funding: bigint;
  /** The change of the user's contract balance made by this position's postings. */
  moved: bigint;
}

class Ledger {
  readonly balances = new Map<string, bigint>();
  post(legs: Leg[]): void {
    if (legs.length === 0) return;
    assertBalanced(legs);
    for (const l of legs) {
      const key = `${l.account}|${l.field}`;
      this.balances.set(key, (this.balances.get(key) ?? 0n) + l.amount);
    }
    for (const [key, v] of this.balances) {
      if (key.startsWith('user:') && v < 0n) throw new Error(`${key} went negative: ${v}`);
    }
  }
  get(account: string, field: 'available' | 'frozen' = 'available'): bigint {
    return this.balances.get(`${account}|${field}`) ?? 0n;
  }
  contract(user: string): bigint {
    return this.get(`user:${user}:contract`) + this.get(`user:${user}:contract`, 'frozen');
  }
}

/** The user's part of a posting: the change of their contract balance. */
const userDelta = (legs: Leg[], user: string) =>
  legs.filter((l) => l.account === `user:${user}:contract`).reduce((s, l) => s + l.amount, 0n);

describe('positions over random price paths', () => {
  it('keep every closed position and every balance exactly accounted for', () => {
    fc.assert(
      fc.property(
        fc.array(cmd, { minLength: 1, maxLength: 120, size: 'max' }),
        fc.integer({ min: 0, max: 40 }),
        (cmds, insuranceSeed) => {
          const ledger = new Ledger();
          const world = 'external:test:world';
          const start = u('2000');
          for (const user of ['1', '2', '3'])
            ledger.post(move(world, `user:${user}:contract`, 'USDT', start));
          const insurance = 'platform:main:insurance';
          const insuranceStart = u(String(insuranceSeed));
          if (insuranceStart > 0n) ledger.post(move(world, insurance, 'USDT', insuranceStart));
          let mark = u('100');
          const open = new Map<string, Held>();
          const closed: Held[] = [];
          let liquidationFees = 0n;
          let covered = 0n;

          const settle = (held: Held, legs: Leg[], realised: bigint, fee: bigint) => {
            ledger.post(legs);
            held.moved += userDelta(legs, held.user);
            held.realised += realised;
            held.fees += fee;
            return held;
          };
          const finish = (key: string, held: Held) => {
            open.delete(key);
            closed.push(held);
            // Its realised PnL less its fees and funding is what its postings did to the balance.
            expect(held.moved).toBe(held.realised - held.fees - held.funding);
          };
          const liquidate = () => {
            for (const [key, held] of open) {
              if (!isLiquidatable(held.pos, mark, RULES.brackets)) continue;
              const out = liquidationOutcome(held.pos, { mark, rules: RULES });
              const available = ledger.get(insurance);
              const legs = liquidationLegs(held.user, out, available);
              const cover = out.deficit < available ? out.deficit : available > 0n ? available : 0n;
              liquidationFees += out.fee;
              covered += cover;
              finish(key, settle(held, legs, out.realisedPnl, out.fee));
            }
          };

          for (const c of cmds) {
            if (c.t === 'tick') {
              mark = (mark * BigInt(10_000 + c.bps)) / 10_000n;
              mark -= mark % RULES.tickSize;
              if (mark < u('1')) mark = u('1');
              liquidate();
            } else if (c.t === 'open') {
              const user = String(c.user);
              const key = `${user}:${c.side}`;
              const lots = BigInt(c.lots) * RULES.lotSize;
              if (checkOrder(RULES, { lots, leverage: c.leverage })) continue;
              const price = fillPrice(RULES, mark, c.side === 'long');
              const cost = openCost(RULES, { lots, price, leverage: c.leverage });
              const reserved = cost.prepaid + BigInt(c.extra) * 10n ** 14n; // a limit's over-reserve
              const held = open.get(key);
              if (held && held.pos.leverage !== c.leverage) continue;
              if (ledger.get(`user:${user}:contract`) < reserved) continue;
              const next = addToPosition(held?.pos ?? null, {
                side: c.side,
                lots,
                price,
                leverage: c.leverage,
                margin: cost.margin,
              });
              if (isLiquidatable(next, mark, RULES.brackets)) continue; // an order would be refused
              const entry: Held = held ?? { user, pos: next, realised: 0n, fees: 0n, funding: 0n, moved: 0n };
              const legs = [
                ...freeze(`user:${user}:contract`, 'USDT', reserved),
                ...openLegs(user, { reserved, ...cost }),
              ];
              settle(entry, legs, 0n, cost.fee + cost.stampDuty);
              entry.pos = next;
              open.set(key, entry);
            } else if (c.t === 'close') {
              const key = `${c.user}:${c.side}`;
              const held = open.get(key);
              if (!held) continue;
              let lots = (held.pos.lots * BigInt(c.part)) / 4n;
              lots -= lots % RULES.lotSize;
              if (lots === 0n) continue;
              const price = fillPrice(RULES, mark, c.side === 'short');
              const out = closeOutcome(held.pos, { lots, price, feeRate: RULES.takerFee });
              settle(held, closeLegs(held.user, out, 'USDT'), out.realisedPnl, out.fee);
              if (out.remaining) held.pos = out.remaining;
              else finish(key, held);
            } else {
              let net = 0n;
              for (const h of open.values()) net += h.pos.side === 'long' ? h.pos.lots : -h.pos.lots;
              const rate = fundingRate({
                netExposure: net,
                exposureCap: u('5'),
                interest: u('0.0001'),
                clamp: u('0.0075'),
              });
              for (const held of open.values()) {
                const { position, charged } = applyFunding(held.pos, fundingPayment(held.pos, mark, rate));
                const legs = fundingLegs(held.user, charged);
                ledger.post(legs);
                held.moved += userDelta(legs, held.user);
                held.funding += charged;
                held.pos = position;
              }
              liquidate();
            }
          }

          // Every user: the balance changed by exactly the positions' PnL less their fees and funding;
          // what is frozen is exactly the open positions' margins.
          for (const user of ['1', '2', '3']) {
            const mine = [...closed, ...open.values()].filter((h) => h.user === user);
            const net = mine.reduce((s, h) => s + h.realised - h.fees - h.funding, 0n);
            expect(ledger.contract(user) - start).toBe(net);
            const margins = [...open.values()]
              .filter((h) => h.user === user)
              .reduce((s, h) => s + h.pos.margin, 0n);
            expect(ledger.get(`user:${user}:contract`, 'frozen')).toBe(margins);
          }
          // The insurance fund: liquidation fees in, the deficits it absorbed out, never below zero.
          expect(ledger.get(insurance) - insuranceStart).toBe(liquidationFees - covered);
          expect(ledger.get(insurance) >= 0n).toBe(true);
          // Every asset sums to zero across all accounts (only USDT here).
          expect([...ledger.balances.values()].reduce((s, v) => s + v, 0n)).toBe(0n);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the legs of any outcome', () => {
  const side = fc.constantFrom<PositionSide>('long', 'short');
  const amount = fc.bigInt({ min: 1n, max: 10n ** 27n });
  const position = fc.record({
    side,
    lots: fc.bigInt({ min: 1n, max: 10n ** 24n }),
    entry: amount,
    margin: fc.bigInt({ min: 0n, max: 10n ** 27n }),
    leverage: fc.integer({ min: 1, max: 125 }),
  });

  it('balance exactly per asset and never take more from the user than the margin holds', () => {
    fc.assert(
      fc.property(
        position,
        amount,
        fc.integer({ min: 1, max: 4 }),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        (pos, price, part, insurance) => {
          const lots = (pos.lots * BigInt(part)) / 4n || pos.lots;
          const close = closeOutcome(pos, { lots, price, feeRate: RULES.takerFee });
          const liq = liquidationOutcome(pos, { mark: price, rules: RULES });
          for (const legs of [closeLegs('1', close), liquidationLegs('1', liq, insurance)]) {
            if (legs.length > 0) assertBalanced(legs);
            const frozen = legs.filter((l) => l.field === 'frozen').reduce((s, l) => s + l.amount, 0n);
            expect(-frozen <= pos.margin).toBe(true);
            for (const l of legs)
              if (l.account === 'user:1:contract' && l.field === 'available')
                expect(l.amount > 0n).toBe(true);
          }
          expect(close.payout >= 0n && liq.toUser >= 0n && close.fee >= 0n && liq.fee >= 0n).toBe(true);
          const pay = fundingPayment(pos, price, u('0.0075'));
          const { charged } = applyFunding(pos, pay);
          const legs = fundingLegs('1', charged);
          if (legs.length > 0) assertBalanced(legs);
        },
      ),
    );
  });
});

describe('a position settled at its entry under issue 23', () => {
  it('unfreezes the margin and returns the fees from the fees account, balanced', () => {
    const legs = refundLegs('7', { margin: u('3000.3'), fees: u('15.0015') });
    expect(legs).toEqual([
      { account: 'user:7:contract', asset: 'USDT', field: 'frozen', amount: -u('3000.3') },
      { account: 'user:7:contract', asset: 'USDT', field: 'available', amount: u('3015.3015') },
      { account: 'platform:main:fees', asset: 'USDT', field: 'available', amount: -u('15.0015') },
    ]);
    expect(() => assertBalanced(legs)).not.toThrow();
    expect(refundLegs('7', { margin: u('1'), fees: 0n })).toHaveLength(2);
  });
});
