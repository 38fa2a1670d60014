import { adminEndpoints as admin } from '@otc/protocol/admin/endpoints';
import type { AdminRole, AdminUserRow } from '@otc/protocol/admin/schemas';
import type { UserKind } from '@otc/protocol/auth/schemas';
import type { BodyOf, ResponseOf } from '@otc/protocol/endpoint';
import { ledgerAdminEndpoints as ledgerAdmin } from '@otc/protocol/ledger/endpoints';
import type { Adjustment } from '@otc/protocol/ledger/schemas';
import { marketAdminEndpoints as marketAdmin } from '@otc/protocol/market/endpoints';
import type { UpdateInstrumentBody } from '@otc/protocol/market/schemas';
import { proofEndpoints as proof, proofAdminEndpoints as proofAdmin } from '@otc/protocol/proof/endpoints';
import { vipAdminEndpoints as vipAdmin } from '@otc/protocol/vip/endpoints';
import type { UpdateVipScheduleBody } from '@otc/protocol/vip/schemas';
import { call } from './call.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageParams {
  page: number;
  pageSize: number;
}

export const PAGE_SIZE = 20;

export const adminApi = {
  login: (body: { email: string; password: string }) => call(admin.login, body),
  logout: () => call(admin.logout),
  me: (signal?: AbortSignal) => call(admin.me, undefined, signal),
  changePassword: (body: BodyOf<typeof admin.changePassword>) => call(admin.changePassword, body),

  users: (params: PageParams & { q?: string; kind?: UserKind | '' }, signal?: AbortSignal) =>
    call(admin.users, { ...params, kind: params.kind || undefined }, signal),
  setUserStatus: (body: { userId: string; status: AdminUserRow['status'] }) =>
    call(admin.setUserStatus, body),
  resetUserTotp: (body: { userId: string; reason: string }) => call(admin.resetUserTotp, body),

  outbox: (params: PageParams & { target?: string }, signal?: AbortSignal) =>
    call(admin.outbox, params, signal),

  audit: (params: PageParams & { action?: string }, signal?: AbortSignal) =>
    call(admin.audit, params, signal),

  operators: (signal?: AbortSignal) => call(admin.operators, undefined, signal),
  createOperator: (body: { email: string; password: string; role: AdminRole }) =>
    call(admin.createOperator, body),

  ledgerBalances: (userId: string, signal?: AbortSignal) => call(ledgerAdmin.balances, { userId }, signal),
  ledgerJournal: (params: PageParams & { userId: string }, signal?: AbortSignal) =>
    call(ledgerAdmin.journal, params, signal),
  adjustments: (params: PageParams & { status?: AdjustmentStatus | undefined }, signal?: AbortSignal) =>
    call(ledgerAdmin.adjustments, params, signal),
  requestAdjustment: (body: NewAdjustment) => call(ledgerAdmin.requestAdjustment, body),
  decideAdjustment: (body: { id: string; approve: boolean }) => call(ledgerAdmin.decideAdjustment, body),
  ledgerCheck: () => call(ledgerAdmin.check),

  latestProof: () => call(proof.latest),
  buildProof: () => call(proofAdmin.build),

  instruments: (signal?: AbortSignal) => call(marketAdmin.instruments, undefined, signal),
  updateInstrument: (body: UpdateInstrumentBody) => call(marketAdmin.update, body),

  vipLevels: (signal?: AbortSignal) => call(vipAdmin.levels, undefined, signal),
  updateVipLevels: (body: UpdateVipScheduleBody) => call(vipAdmin.update, body),
};

export type AdjustmentStatus = Adjustment['status'];

/** Signed decimal string: positive credits the user, negative debits. */
export type NewAdjustment = BodyOf<typeof ledgerAdmin.requestAdjustment>;
export type LedgerCheckResult = ResponseOf<typeof ledgerAdmin.check>;

/** Query keys, so pages invalidate each other's data without string typos. */
export const queryKeys = {
  me: ['admin', 'me'] as const,
  users: ['admin', 'users'] as const,
  outbox: ['admin', 'outbox'] as const,
  audit: ['admin', 'audit'] as const,
  operators: ['admin', 'operators'] as const,
  /** Everything the ledger screens read: invalidate it after money moves. */
  ledger: ['admin', 'ledger'] as const,
  ledgerBalances: ['admin', 'ledger', 'balances'] as const,
  ledgerJournal: ['admin', 'ledger', 'journal'] as const,
  adjustments: ['admin', 'ledger', 'adjustments'] as const,
  proof: ['admin', 'proof', 'latest'] as const,
  instruments: ['admin', 'instruments'] as const,
  vip: ['admin', 'vip'] as const,
};
