import type { BankDeposit } from '@otc/protocol/cashier/bank/schemas';
import type { DepositRecord } from '@otc/protocol/cashier/deposit/schemas';
import { describe, expect, it } from 'vitest';
import { applyBankDeposit, applyDeposit, type DepositPages } from './depositEvents.ts';

const deposit = (id: string, over: Partial<DepositRecord> = {}): DepositRecord => ({
  id,
  coin: 'USDT',
  chainId: 31337,
  chainName: 'Local dev chain',
  txHash: `0x${id.padStart(64, '0')}`,
  amount: '25.5',
  confirmations: 1,
  confirmationsNeeded: 3,
  status: 'pending',
  createdAt: '2026-11-27T10:00:00.000Z',
  creditedAt: null,
  ...over,
});
const pages = (...lists: DepositRecord[][]): DepositPages => ({
  pages: lists.map((items) => ({ items, total: 3 })),
  pageParams: lists.map((_, i) => i + 1),
});
const bank = (id: string, over: Partial<BankDeposit> = {}): BankDeposit => ({
  id,
  amount: '120',
  asset: 'USDT',
  reference: 'REF',
  status: 'pending',
  reason: null,
  submittedAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  ...over,
});

describe('applyDeposit', () => {
  it('replaces a shown deposit where it is as its confirmations grow and it is credited', () => {
    const start = pages([deposit('3')], [deposit('2'), deposit('1')]);
    const two = applyDeposit(start, deposit('2', { confirmations: 2 }));
    const credited = applyDeposit(two, deposit('2', { confirmations: 3, status: 'credited' }));
    expect(credited.pages[1]?.items.map((d) => [d.id, d.status, d.confirmations])).toEqual([
      ['2', 'credited', 3],
      ['1', 'pending', 1],
    ]);
    expect(credited.pages.map((p) => p.total)).toEqual([3, 3]);
  });

  it('keeps what is shown when the event is behind it', () => {
    const shown = pages([
      deposit('2', { confirmations: 3, status: 'credited' }),
      deposit('1', { confirmations: 2 }),
    ]);
    const next = applyDeposit(applyDeposit(shown, deposit('2', { confirmations: 2 })), deposit('1'));
    expect(next.pages[0]?.items.map((d) => [d.status, d.confirmations])).toEqual([
      ['credited', 3],
      ['pending', 2],
    ]);
  });

  it('puts a new deposit first and counts it', () => {
    const next = applyDeposit(pages([deposit('1')]), deposit('4', { status: 'below_minimum' }));
    expect(next.pages[0]?.items.map((d) => d.id)).toEqual(['4', '1']);
    expect(next.pages[0]?.total).toBe(4);
  });
});

describe('applyBankDeposit', () => {
  it('moves a shown one from under review to approved, never back, and adds a new one first', () => {
    const list = { items: [bank('2'), bank('1')], total: 2 };
    const approved = applyBankDeposit(list, bank('2', { status: 'approved' }));
    expect(applyBankDeposit(approved, bank('2')).items[0]?.status).toBe('approved');
    const added = applyBankDeposit(approved, bank('3'));
    expect(added.items.map((d) => [d.id, d.status])).toEqual([
      ['3', 'pending'],
      ['2', 'approved'],
      ['1', 'pending'],
    ]);
    expect(added.total).toBe(3);
  });
});
