import { describe, expect, it } from 'vitest';
import { isIban, mayDecideBankDeposit, meetsMinimum } from '../../../src/cashier/bank/deposit.ts';

describe('bank deposit rules', () => {
  it('reaches the minimum at exactly the minimum, not a unit below', () => {
    expect(meetsMinimum('10', '10')).toBe(true);
    expect(meetsMinimum('10.000000', '10')).toBe(true);
    expect(meetsMinimum('9.999999', '10')).toBe(false);
    expect(meetsMinimum('1000000', '10')).toBe(true);
  });

  it('lets only a pending deposit be decided', () => {
    expect(mayDecideBankDeposit('pending')).toBe(true);
    expect(mayDecideBankDeposit('approved')).toBe(false);
    expect(mayDecideBankDeposit('rejected')).toBe(false);
  });

  it('accepts real IBANs, spaced or not, and refuses a changed digit or a bad shape', () => {
    expect(isIban('DE89370400440532013000')).toBe(true);
    expect(isIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isIban('gb82west12345698765432')).toBe(true);
    expect(isIban('DE89370400440532013001')).toBe(false);
    expect(isIban('DE8937040044')).toBe(false);
    expect(isIban('12345678901234567890')).toBe(false);
    expect(isIban('')).toBe(false);
  });
});
