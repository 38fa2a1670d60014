import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits } from '../../src/money/decimal.ts';
import { releaseLegs } from '../../src/trading/release.ts';
import { hasEnded, LIVE_STATUSES, orderStatus } from '../../src/trading/status.ts';

describe("an order's status after a batch", () => {
  it('names each case', () => {
    expect(orderStatus(10n, 10n, false)).toBe('filled');
    expect(orderStatus(10n, 10n, true)).toBe('filled');
    expect(orderStatus(10n, 4n, false)).toBe('cancelled');
    expect(orderStatus(10n, 0n, false)).toBe('cancelled');
    expect(orderStatus(10n, 4n, true)).toBe('partial');
    expect(orderStatus(10n, 0n, true)).toBe('open');
  });

  it('is filled exactly when all of it traded, ended exactly when filled or off the book, live otherwise', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.boolean(),
        (ordered, f, onBook) => {
          const filled = f % (ordered + 1n);
          const status = orderStatus(ordered, filled, onBook);
          expect(status === 'filled').toBe(filled === ordered);
          expect(hasEnded(status)).toBe(filled === ordered || !onBook);
          expect(LIVE_STATUSES.includes(status)).toBe(!hasEnded(status));
          if (status === 'partial') expect(filled > 0n && filled < ordered).toBe(true);
          if (status === 'open') expect(filled).toBe(0n);
        },
      ),
    );
  });

  it('never goes back: more fills, or leaving the book, only move an order forward', () => {
    const rank = { new: 0, open: 1, partial: 2, cancelled: 3, filled: 3 } as const;
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 20 }),
        (ordered, fills) => {
          let filled = 0n;
          let before = orderStatus(ordered, 0n, true);
          for (const f of fills) {
            filled += f % (ordered - filled + 1n);
            const now = orderStatus(ordered, filled, true);
            expect(rank[now]).toBeGreaterThanOrEqual(rank[before]);
            before = now;
          }
        },
      ),
    );
  });
});

describe('what an ended order releases', () => {
  it('gives back exactly what it still holds frozen, and nothing when it used it all', () => {
    expect(releaseLegs('user:1:funding', 'USDT', 0n)).toBeUndefined();
    expect(releaseLegs('user:1:funding', 'USDT', parseUnits('2.5'))).toEqual([
      { account: 'user:1:funding', asset: 'USDT', field: 'frozen', amount: -parseUnits('2.5') },
      { account: 'user:1:funding', asset: 'USDT', field: 'available', amount: parseUnits('2.5') },
    ]);
  });
});
