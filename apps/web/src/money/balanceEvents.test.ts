import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import { describe, expect, it } from 'vitest';
import { applyBalance } from './balanceEvents.ts';

const overview: AssetsOverview = {
  realm: 'live',
  totalUsdt: '150',
  assets: [],
  accounts: [
    {
      kind: 'funding',
      valueUsdt: '150',
      balances: [
        { asset: 'USDT', available: '100', frozen: '0', total: '100', valueUsdt: '100' },
        { asset: 'BTC', available: '0.001', frozen: '0', total: '0.001', valueUsdt: '50' },
      ],
    },
    { kind: 'contract', valueUsdt: '0', balances: [] },
  ],
};

describe('applyBalance', () => {
  it('sets the available, frozen and exact total of that account and asset only', () => {
    const next = applyBalance(overview, {
      kind: 'balance',
      account: 'funding',
      asset: 'USDT',
      available: '60.1',
      frozen: '39.9',
    });
    expect(next.accounts[0]?.balances[0]).toEqual({
      asset: 'USDT',
      available: '60.1',
      frozen: '39.9',
      total: '100',
      valueUsdt: '100',
    });
    expect(next.accounts[0]?.balances[1]).toBe(overview.accounts[0]?.balances[1]);
    expect(next.accounts[1]).toBe(overview.accounts[1]);
    expect(next.totalUsdt).toBe('150');
  });

  it('answers the same overview when nothing it shows changes', () => {
    const same = {
      kind: 'balance',
      account: 'funding',
      asset: 'USDT',
      available: '100',
      frozen: '0',
    } as const;
    expect(applyBalance(overview, same)).toBe(overview);
    expect(applyBalance(overview, { ...same, asset: 'ETH', available: '1' })).toBe(overview);
    expect(applyBalance(overview, { ...same, account: 'fiat', available: '1' })).toBe(overview);
  });
});
