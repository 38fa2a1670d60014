import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { treasuryExposure } from '../../src/ledger/exposure.ts';
import { formatUnits, parseUnits } from '../../src/money/decimal.ts';

const u = parseUnits;
const SOURCES = ['earn', 'activity', 'loan'];

/** A line as decimal strings, to compare with figures worked out by hand. */
const shown = (line: ReturnType<typeof treasuryExposure>[number]) => ({
  asset: line.asset,
  balance: formatUnits(line.balance),
  owed: Object.fromEntries(line.owed.map((o) => [o.source, formatUnits(o.amount)])),
  total: formatUnits(line.total),
  left: formatUnits(line.left),
  short: line.short,
});

describe('treasury exposure', () => {
  it('adds each source’s promises per asset and says what is left of the balance', () => {
    const lines = treasuryExposure(
      new Map([['USDT', u('1000')]]),
      [
        // Two earn rows of one asset add up: 5 x 29 days + 0.123456789 x 3 days.
        { source: 'earn', asset: 'USDT', amount: u('145') },
        { source: 'earn', asset: 'USDT', amount: u('0.370370367') },
        { source: 'activity', asset: 'USDT', amount: u('15.5') },
      ],
      SOURCES,
      ['USDT'],
    );
    // 145 + 0.370370367 + 15.5 = 160.870370367; 1000 - 160.870370367 = 839.129629633.
    expect(lines.map(shown)).toEqual([
      {
        asset: 'USDT',
        balance: '1000',
        owed: { earn: '145.370370367', activity: '15.5', loan: '0' },
        total: '160.870370367',
        left: '839.129629633',
        short: false,
      },
    ]);
  });

  it('is short when the promises exceed the balance, or the balance is already below zero', () => {
    const [over] = treasuryExposure(
      new Map([['USDT', u('100')]]),
      [{ source: 'loan', asset: 'USDT', amount: u('100.000001') }],
      SOURCES,
    );
    expect(over && shown(over)).toMatchObject({ total: '100.000001', left: '-0.000001', short: true });
    // Exactly covered is not short.
    const [even] = treasuryExposure(
      new Map([['USDT', u('100')]]),
      [{ source: 'loan', asset: 'USDT', amount: u('100') }],
      SOURCES,
    );
    expect(even && shown(even)).toMatchObject({ left: '0', short: false });
    // A treasury that paid more than it received: -50 less 10 owed.
    const [below] = treasuryExposure(
      new Map([['USDT', u('-50')]]),
      [{ source: 'earn', asset: 'USDT', amount: u('10') }],
      SOURCES,
    );
    expect(below && shown(below)).toMatchObject({ balance: '-50', left: '-60', short: true });
  });

  it('shows the assets owed and the ones always shown, not what the treasury holds unpromised', () => {
    const lines = treasuryExposure(
      new Map([
        ['BTC', u('-2')],
        ['ETH', u('3')],
      ]),
      [{ source: 'earn', asset: 'ETH', amount: u('0.5') }],
      SOURCES,
      ['USDT'],
    );
    expect(lines.map(shown)).toEqual([
      {
        asset: 'ETH',
        balance: '3',
        owed: { earn: '0.5', activity: '0', loan: '0' },
        total: '0.5',
        left: '2.5',
        short: false,
      },
      // Nothing owed and no account yet: a balance of 0, nothing left over.
      {
        asset: 'USDT',
        balance: '0',
        owed: { earn: '0', activity: '0', loan: '0' },
        total: '0',
        left: '0',
        short: false,
      },
    ]);
  });

  it('never loses a unit: balance = left + every source’s amount, and the total is their sum', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 30n });
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.array(fc.record({ source: fc.constantFrom(...SOURCES), amount }), { maxLength: 12 }),
        (balance, rows) => {
          const [line] = treasuryExposure(
            new Map([['USDT', balance]]),
            rows.map((r) => ({ ...r, asset: 'USDT' })),
            SOURCES,
            ['USDT'],
          );
          if (!line) return false;
          const sum = line.owed.reduce((s, o) => s + o.amount, 0n);
          const rowsSum = rows.reduce((s, r) => s + r.amount, 0n);
          return (
            sum === line.total &&
            rowsSum === line.total &&
            line.left + line.total === balance &&
            line.short === line.left < 0n &&
            line.owed.map((o) => o.source).join() === SOURCES.join()
          );
        },
      ),
    );
  });
});
