import { describe, expect, it } from 'vitest';
import { type LoanValues, loanForm, quoteBodyOf } from './loanForm.ts';

const values: LoanValues = {
  productId: '1',
  amount: '1000',
  termDays: 30,
  collateralAsset: 'BTC',
  agreement: true,
  tradePassword: 'secret',
  demo: false,
};

describe('quoteBodyOf', () => {
  it('asks for a quote once the amount is a decimal above zero, as it will be sent', () => {
    expect(quoteBodyOf({ ...values, amount: '1000.50' })).toEqual({
      productId: '1',
      amount: '1000.5',
      termDays: 30,
      collateralAsset: 'BTC',
    });
    expect(quoteBodyOf({ ...values, amount: '.5' })?.amount).toBe('0.5');
  });

  it('not before: empty, zero, not a number, more places than USDT has, no product or collateral', () => {
    for (const amount of ['', '0', '0.000', 'abc', '1.1234567'])
      expect(quoteBodyOf({ ...values, amount }), amount).toBeNull();
    expect(quoteBodyOf({ ...values, productId: '' })).toBeNull();
    expect(quoteBodyOf({ ...values, collateralAsset: '' })).toBeNull();
  });
});

describe('loanForm', () => {
  it('is ready with an amount, the agreement and the transaction password', () => {
    expect(loanForm(values).problem).toBeNull();
    expect(loanForm(values).summary?.amount).toBe('1000');
  });

  it('says what is missing in the order the fields are read', () => {
    const nothing = { ...values, amount: '', agreement: false, tradePassword: '' };
    expect(loanForm(nothing).problem?.field).toBe('amount');
    expect(loanForm({ ...nothing, amount: '1000' }).problem).toEqual({
      field: 'agreement',
      key: 'loan.apply.agreementRequired',
    });
    expect(loanForm({ ...nothing, amount: '1000', agreement: true }).problem?.field).toBe('tradePassword');
  });

  it('asks a demo user for no transaction password', () => {
    expect(loanForm({ ...values, tradePassword: '', demo: true }).problem).toBeNull();
  });
});
