import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  externalAccount,
  mustStayNonNegative,
  parseAccountKey,
  platformAccount,
  treasuryShard,
  userAccount,
} from '../../src/ledger/accounts.ts';
import { InsufficientFunds, MemoryLedger } from '../../src/ledger/book.ts';
import {
  assertBalanced,
  freeze,
  move,
  netDeltas,
  PostingError,
  settle,
  unfreeze,
} from '../../src/ledger/posting.ts';

const USERS = ['user:1', 'user:2', 'user:3'];
const isUser = (a: string) => a.startsWith('user:');

describe('postings', () => {
  it('refuse legs that do not sum to zero per asset', () => {
    expect(() => assertBalanced([{ account: 'a', asset: 'USDT', field: 'available', amount: 5n }])).toThrow(
      PostingError,
    );
    expect(() =>
      assertBalanced([
        { account: 'a', asset: 'USDT', field: 'available', amount: -5n },
        { account: 'b', asset: 'BTC', field: 'available', amount: 5n },
      ]),
    ).toThrow(/sum/);
    expect(() => move('a', 'b', 'USDT', 0n)).toThrow(PostingError);
    expect(() => move('a', 'b', 'USDT', -1n)).toThrow(PostingError);
  });

  it('net legs per account and asset, in one lock order', () => {
    const deltas = netDeltas([
      ...move('b', 'a', 'USDT', 5n),
      ...move('a', 'b', 'USDT', 2n),
      ...freeze('a', 'USDT', 1n),
    ]);
    expect(deltas).toEqual([
      { account: 'a', asset: 'USDT', available: 2n, frozen: 1n },
      { account: 'b', asset: 'USDT', available: -3n, frozen: 0n },
    ]);
  });

  it('keep the invariants under any sequence of primitives', () => {
    const amount = fc.bigInt({ min: 1n, max: 10n ** 20n });
    const who = fc.constantFrom(...USERS, 'platform:treasury');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('move' as const), from: who, to: who, amount }),
      fc.record({ kind: fc.constant('freeze' as const), from: who, to: who, amount }),
      fc.record({ kind: fc.constant('unfreeze' as const), from: who, to: who, amount }),
      fc.record({ kind: fc.constant('settle' as const), from: who, to: who, amount }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const ledger = new MemoryLedger(isUser);
        ledger.post(move('external:world', 'platform:treasury', 'USDT', 10n ** 21n));
        for (const o of ops) {
          const legs =
            o.kind === 'move'
              ? move(o.from, o.to, 'USDT', o.amount)
              : o.kind === 'freeze'
                ? freeze(o.from, 'USDT', o.amount)
                : o.kind === 'unfreeze'
                  ? unfreeze(o.from, 'USDT', o.amount)
                  : settle(o.from, o.to, 'USDT', o.amount);
          const before = USERS.map((u) => ledger.balance(u, 'USDT'));
          try {
            ledger.post(legs);
          } catch (err) {
            expect(err).toBeInstanceOf(InsufficientFunds);
            // A refused posting changes nothing.
            expect(USERS.map((u) => ledger.balance(u, 'USDT'))).toEqual(before);
          }
          expect(ledger.check()).toEqual([]);
        }
      }),
    );
  });
});

describe('balances that must stay non-negative', () => {
  it('are users’ and the insurance fund’s; the dealer and the outside world may go below zero', () => {
    expect(mustStayNonNegative(userAccount('7', 'contract'))).toBe(true);
    expect(mustStayNonNegative(platformAccount('insurance'))).toBe(true);
    expect(mustStayNonNegative(platformAccount('dealer'))).toBe(false);
    expect(mustStayNonNegative(externalAccount('chain-1'))).toBe(false);
  });
});

describe('treasury shards', () => {
  it('are the treasury at 0, then platform accounts of kind treasury that may go below zero', () => {
    expect(treasuryShard(0)).toBe(platformAccount('treasury'));
    expect(treasuryShard(2)).toBe('platform:main-2:treasury');
    expect(parseAccountKey(treasuryShard(3))).toEqual({
      ownerType: 'platform',
      owner: 'main-3',
      kind: 'treasury',
    });
    expect(mustStayNonNegative(treasuryShard(1))).toBe(false);
    expect(() => treasuryShard(-1)).toThrow();
    expect(() => treasuryShard(1.5)).toThrow();
  });
});
