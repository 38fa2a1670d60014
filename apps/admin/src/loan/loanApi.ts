import { loanAdminEndpoints as admin } from '@otc/protocol/loan/endpoints';
import type { LoanStatus } from '@otc/protocol/loan/schemas';
import { call } from '../api/call.ts';

export const loanKeys = {
  products: ['admin', 'loan', 'products'] as const,
  list: ['admin', 'loan', 'list'] as const,
  detail: (id: string) => ['admin', 'loan', 'detail', id] as const,
  book: ['admin', 'loan', 'book'] as const,
};

export const loanApi = {
  products: (signal?: AbortSignal) => call(admin.products, undefined, signal),
  list: (params: { page: number; pageSize: number; status?: LoanStatus | undefined }, signal?: AbortSignal) =>
    call(admin.list, params, signal),
  detail: (id: string, signal?: AbortSignal) => call(admin.detail, { id }, signal),
  approve: (id: string) => call(admin.decide, { id, decision: 'approve' }),
  reject: (id: string, reason: string) => call(admin.decide, { id, decision: 'reject', reason }),
  book: (signal?: AbortSignal) => call(admin.book, undefined, signal),
};
