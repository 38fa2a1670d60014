import { describe, expect, it } from 'vitest';
import { addressForm } from '../cashier/address/addressForm.ts';
import { type UserTransferValues, userTransferForm } from './transferForms.ts';

const filled: UserTransferValues = {
  toUserId: '1000002',
  amount: '2.50',
  tradePassword: 'secret1',
  decimals: 6,
  available: '10',
};

describe('the user transfer form', () => {
  it('sends the amount in its shortest form', () => {
    expect(userTransferForm(filled)).toEqual({ summary: '2.5', problem: null });
  });

  it('reads the recipient, the amount and the password in that order', () => {
    const problemOf = (change: Partial<UserTransferValues>) =>
      userTransferForm({ ...filled, ...change }).problem;
    expect(problemOf({ toUserId: '', amount: '', tradePassword: '' })?.field).toBe('toUserId');
    expect(problemOf({ amount: '11', tradePassword: '' })).toEqual({
      field: 'amount',
      key: 'assets.amount.insufficient',
    });
    expect(problemOf({ tradePassword: '' })).toEqual({
      field: 'tradePassword',
      key: 'transfer.user.enterTradePassword',
    });
  });
});

describe('the address form', () => {
  it('needs an address and sends it and the remark trimmed', () => {
    expect(addressForm({ address: '  ', remark: 'x', chainId: 1 }).problem).toEqual({
      field: 'address',
      key: 'funding.addressEdit.enterAddress',
    });
    expect(addressForm({ address: ' 0xabc ', remark: ' mine ', chainId: 31337 })).toEqual({
      summary: { address: '0xabc', remark: 'mine', chainId: 31337 },
      problem: null,
    });
  });
});
