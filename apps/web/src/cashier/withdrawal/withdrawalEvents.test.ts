import type { Withdrawal } from '@otc/protocol/cashier/withdrawal/schemas';
import { describe, expect, it } from 'vitest';
import { applyWithdrawal, type WithdrawalPages } from './withdrawalEvents.ts';

const withdrawal = (id: string, over: Partial<Withdrawal> = {}): Withdrawal => ({
  id,
  asset: 'USDT',
  chainId: 31337,
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  amount: '30',
  fee: '1',
  received: '29',
  status: 'sent',
  approvalsNeeded: 0,
  approvals: 0,
  txHash: null,
  reason: null,
  failure: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...over,
});
const pages = (...lists: Withdrawal[][]): WithdrawalPages => ({
  pages: lists.map((items) => ({ items, total: 3 })),
  pageParams: lists.map((_, i) => i + 1),
});

describe('applyWithdrawal', () => {
  it('replaces a shown withdrawal where it is with its new status', () => {
    const done = withdrawal('2', { status: 'completed', updatedAt: '2026-11-27T10:05:00.000Z' });
    const next = applyWithdrawal(pages([withdrawal('3')], [withdrawal('2'), withdrawal('1')]), done);
    expect(next.pages[1]?.items.map((w) => [w.id, w.status])).toEqual([
      ['2', 'completed'],
      ['1', 'sent'],
    ]);
    expect(next.pages.map((p) => p.total)).toEqual([3, 3]);
  });

  it('keeps what is shown when the event is older than it', () => {
    const shown = withdrawal('2', { status: 'completed', updatedAt: '2026-11-27T10:05:00.000Z' });
    const next = applyWithdrawal(pages([shown]), withdrawal('2', { status: 'sent' }));
    expect(next.pages[0]?.items[0]?.status).toBe('completed');
  });

  it('puts a new withdrawal first and counts it', () => {
    const next = applyWithdrawal(pages([withdrawal('1')]), withdrawal('4', { status: 'reviewing' }));
    expect(next.pages[0]?.items.map((w) => w.id)).toEqual(['4', '1']);
    expect(next.pages[0]?.total).toBe(4);
  });
});
