import type { AccountBalances, AssetInfo } from '@otc/protocol/ledger/schemas';
import { describe, expect, it } from 'vitest';
import { detailAssets } from './detailChoice.ts';

const catalogue: AssetInfo[] = ['USDT', 'BTC', 'ETH'].map((code) => ({
  code,
  name: code,
  decimals: 8,
  displayDecimals: 6,
}));
const account = (held: Record<string, string>): AccountBalances => ({
  kind: 'funding',
  valueUsdt: '0',
  balances: catalogue.map((a) => ({
    asset: a.code,
    available: held[a.code] ?? '0',
    frozen: '0',
    total: held[a.code] ?? '0',
    valueUsdt: '0',
  })),
});

describe('detailAssets', () => {
  it("offers the assets held, in the catalogue's order, the first being the default", () => {
    expect(detailAssets(undefined, account({ ETH: '1', BTC: '0.5' }), catalogue)).toEqual(['BTC', 'ETH']);
  });
  it('keeps the asset asked for even at zero, but none the catalogue does not have', () => {
    expect(detailAssets('USDT', account({ BTC: '0.5' }), catalogue)).toEqual(['USDT', 'BTC']);
    expect(detailAssets('XYZ', account({ BTC: '0.5' }), catalogue)).toEqual(['BTC']);
  });
  it("falls back to the catalogue's first asset for an empty account", () => {
    expect(detailAssets(undefined, account({}), catalogue)).toEqual(['USDT']);
    expect(detailAssets(undefined, undefined, catalogue)).toEqual(['USDT']);
  });
});
