import { describe, expect, it } from 'vitest';
import { amountCheck, amountForm, createForm, required } from './form.ts';

interface Values {
  name: string;
  amount: string;
}

const form = createForm<Values, string, 'name' | 'amount'>({
  checks: [
    required('name', (v) => v.name.trim(), 'transfer.user.enterUserId'),
    amountCheck(
      'amount',
      (v) => v.amount,
      () => ({ decimals: 2, available: '10' }),
    ),
  ],
  summary: (v) => `${v.name}:${v.amount}`,
});

describe('the money form kernel', () => {
  it('answers the summary and no problem when every check passes', () => {
    expect(form({ name: 'a', amount: '5' })).toEqual({ summary: 'a:5', problem: null });
  });

  it('answers the first problem in the order of the checks, with the summary all the same', () => {
    expect(form({ name: ' ', amount: '' })).toEqual({
      summary: ' :',
      problem: { field: 'name', key: 'transfer.user.enterUserId' },
    });
    expect(form({ name: 'a', amount: '' }).problem).toEqual({ field: 'amount', key: 'assets.amount.enter' });
  });

  it('names the amount rules by their messages, with the count a plural needs', () => {
    const problemOf = (amount: string) => form({ name: 'a', amount }).problem;
    expect(problemOf('x')).toEqual({ field: 'amount', key: 'assets.amount.invalid' });
    expect(problemOf('1.234')).toEqual({
      field: 'amount',
      key: 'assets.amount.decimals',
      values: { count: 2 },
    });
    expect(problemOf('0')).toEqual({ field: 'amount', key: 'assets.amount.zero' });
    expect(problemOf('10.01')).toEqual({ field: 'amount', key: 'assets.amount.insufficient' });
    expect(problemOf('10')).toBeNull();
  });

  it('sends an amount-only form in its shortest form', () => {
    expect(amountForm({ amount: '1.50', decimals: 6, available: '2' })).toEqual({
      summary: '1.5',
      problem: null,
    });
    expect(amountForm({ amount: '.5', decimals: 6, available: '2' }).summary).toBe('0.5');
    expect(amountForm({ amount: '3', decimals: 6, available: '2' }).problem?.key).toBe(
      'assets.amount.insufficient',
    );
  });
});
