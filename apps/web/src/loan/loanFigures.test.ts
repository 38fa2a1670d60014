import type { Loan, LoanRepayment } from '@otc/protocol/loan/schemas';
import { describe, expect, it } from 'vitest';
import {
  collateralShort,
  ltvText,
  maxToBorrow,
  releasedCollateral,
  repayAmount,
  repayLines,
  shownStatus,
} from './loanFigures.ts';

const early: LoanRepayment = {
  principal: '1000',
  interest: '0.5',
  earlyPenalty: '1.5',
  overdueInterest: '0',
  lateFee: '0',
  total: '1002',
  days: 1,
  overdueDays: 0,
};

describe('ltvText', () => {
  it('writes a fraction as a percentage with two places, cut, never rounded up', () => {
    expect(ltvText('0.65', 'en')).toBe('65.00%');
    expect(ltvText('0.79999999', 'en')).toBe('79.99%');
    expect(ltvText('0.000001', 'en')).toBe('0.00%');
    expect(ltvText('1.2345', 'en')).toBe('123.45%');
  });

  it('in the language on screen: its decimal sign and where its percent sign goes', () => {
    expect(ltvText('0.8', 'de')).toBe('80,00\u00a0%');
  });
});

describe('shownStatus', () => {
  it('splits seed §4’s "not repaid" by whether the loan is past due', () => {
    expect(shownStatus({ status: 'active', overdue: false })).toBe('notRepaid');
    expect(shownStatus({ status: 'active', overdue: true })).toBe('overdue');
    for (const status of ['pending', 'rejected', 'repaid', 'liquidated'] as const)
      expect(shownStatus({ status, overdue: false })).toBe(status);
  });
});

describe('repayLines', () => {
  it('early: principal, interest to date and the penalty; no overdue lines', () => {
    expect(repayLines(early)).toEqual([
      { line: 'principal', amount: '1000' },
      { line: 'interest', amount: '0.5' },
      { line: 'earlyPenalty', amount: '1.5' },
    ]);
  });

  it('overdue: the overdue interest and late fee, no penalty', () => {
    const late = { ...early, earlyPenalty: '0', overdueInterest: '1.1', lateFee: '0.035', interest: '3.5' };
    expect(repayLines(late).map((l) => l.line)).toEqual([
      'principal',
      'interest',
      'overdueInterest',
      'lateFee',
    ]);
  });

  it('on time: principal and interest alone (a zero written with places is still zero)', () => {
    const onTime = { ...early, earlyPenalty: '0.00000000' };
    expect(repayLines(onTime).map((l) => l.line)).toEqual(['principal', 'interest']);
  });
});

describe('collateralShort', () => {
  it('compares the collateral to freeze with what is available, exactly', () => {
    expect(collateralShort({ collateralAmount: '0.02564103', collateralAvailable: '0.02564103' })).toBe(
      false,
    );
    expect(collateralShort({ collateralAmount: '0.02564103', collateralAvailable: '0.02564102' })).toBe(true);
    expect(collateralShort({ collateralAmount: '0.5', collateralAvailable: '10' })).toBe(false);
  });
});

const base: Pick<Loan, 'status' | 'collateralAmount' | 'liquidation' | 'repayNow' | 'debt'> = {
  status: 'active',
  collateralAmount: '0.02564103',
  liquidation: null,
  repayNow: early,
  debt: '0',
};
const liquidation = {
  reason: 'overdue' as const,
  price: '30000',
  owed: '1010',
  sold: '0.03366667',
  released: '0.00633333',
  shortfall: '0',
  at: '2026-12-01T00:00:00.000Z',
};

describe('releasedCollateral', () => {
  it('all of it once repaid, what the liquidation did not sell, none while held', () => {
    expect(releasedCollateral({ ...base, status: 'repaid' })).toBe('0.02564103');
    expect(releasedCollateral({ ...base, status: 'liquidated', liquidation })).toBe('0.00633333');
    expect(releasedCollateral(base)).toBeNull();
    expect(releasedCollateral({ ...base, status: 'pending' })).toBeNull();
  });
});

describe('repayAmount', () => {
  it('an active loan sends the total shown; a liquidated one its unpaid debt; others nothing', () => {
    expect(repayAmount(base)).toBe('1002');
    expect(repayAmount({ ...base, status: 'liquidated', repayNow: null, debt: '12.5' })).toBe('12.5');
    expect(repayAmount({ ...base, status: 'liquidated', repayNow: null, debt: '0' })).toBeNull();
    expect(repayAmount({ ...base, status: 'repaid', repayNow: null })).toBeNull();
    expect(repayAmount({ ...base, status: 'pending', repayNow: null })).toBeNull();
  });
});

describe('maxToBorrow', () => {
  it('is the smaller of the available limit and the product’s maximum, cut to USDT’s places', () => {
    expect(maxToBorrow('50000', '20000', 6)).toBe('20000');
    expect(maxToBorrow('1234.5678919', '20000', 6)).toBe('1234.567891');
    expect(maxToBorrow('0', '20000', 6)).toBe('0');
  });
});
