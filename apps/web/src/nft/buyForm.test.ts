import { describe, expect, it } from 'vitest';
import { balanceAfter, buyForm } from './buyForm.ts';

const values = { price: '12.5', available: '100', tradePassword: 'secret', demo: false };

describe('the NFT buy sheet', () => {
  it('shows the balance after the purchase, exactly', () => {
    // 100 - 12.5 = 87.5; 0.3 - 0.1 = 0.2 (never 0.19999999999999998).
    expect(buyForm(values)).toEqual({ summary: '87.5', problem: null });
    expect(balanceAfter({ price: '0.1', available: '0.3' })).toBe('0.2');
    expect(balanceAfter({ price: '12.5', available: '12.5' })).toBe('0');
    expect(balanceAfter({ price: '12.5', available: undefined })).toBeNull();
  });

  it('says a balance short of the price under the balance, before anything is sent', () => {
    expect(buyForm({ ...values, available: '12.499999' }).problem).toEqual({
      field: 'balance',
      key: 'nft.buy.short',
      amounts: { price: '12.5' },
    });
    // All of it is enough.
    expect(buyForm({ ...values, available: '12.5' }).problem).toBeNull();
    // Not known yet: the server decides.
    expect(buyForm({ ...values, available: undefined }).problem).toBeNull();
  });

  it('asks live users for the transaction password and demo users for none', () => {
    expect(buyForm({ ...values, tradePassword: '' }).problem?.field).toBe('tradePassword');
    expect(buyForm({ ...values, tradePassword: '', demo: true }).problem).toBeNull();
    // The balance is said first: the sheet shows its fields in that order.
    expect(buyForm({ ...values, available: '1', tradePassword: '' }).problem?.field).toBe('balance');
  });
});
