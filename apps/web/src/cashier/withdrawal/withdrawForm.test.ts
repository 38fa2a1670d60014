import { describe, expect, it } from 'vitest';
import { type WithdrawValues, withdrawForm } from './withdrawForm.ts';

const filled: WithdrawValues = {
  address: ' 0xabc ',
  amount: '25',
  tradePassword: 'secret1',
  available: '100',
  minimum: '10',
  fee: '1.5',
};

describe('the withdraw form', () => {
  it('sends the amount and shows what arrives: the amount less the fee, exactly', () => {
    expect(withdrawForm(filled)).toEqual({ summary: { amount: '25', received: '23.5' }, problem: null });
    expect(withdrawForm({ ...filled, amount: '10.000001' }).summary.received).toBe('8.500001');
  });

  it('shows nothing arriving until an amount is typed, and never less than nothing', () => {
    expect(withdrawForm({ ...filled, amount: '' }).summary.received).toBe('0');
    expect(withdrawForm({ ...filled, amount: '1' }).summary.received).toBe('0');
  });

  it('reads the address, the amount, the minimum, the fee and the password in that order', () => {
    const problemOf = (change: Partial<WithdrawValues>) => withdrawForm({ ...filled, ...change }).problem;
    expect(problemOf({ address: '  ', amount: '', tradePassword: '' })).toEqual({
      field: 'address',
      key: 'funding.withdraw.enterAddress',
    });
    expect(problemOf({ amount: '', tradePassword: '' })?.key).toBe('assets.amount.enter');
    expect(problemOf({ amount: '100.01' })?.key).toBe('assets.amount.insufficient');
    expect(problemOf({ amount: '9.99', tradePassword: '' })).toEqual({
      field: 'amount',
      key: 'funding.withdraw.belowMinimum',
      amounts: { minimum: '10' },
    });
    expect(problemOf({ minimum: '1', amount: '1.5' })).toEqual({
      field: 'amount',
      key: 'funding.withdraw.notAboveFee',
      amounts: { fee: '1.5' },
    });
    expect(problemOf({ tradePassword: '' })).toEqual({
      field: 'tradePassword',
      key: 'funding.withdraw.enterTradePassword',
    });
  });
});
