import type {
  AdminRole,
  AdminSession,
  AdminUserRow,
  AuditEntry,
  Operator,
  OutboxMessage,
  UserKind,
} from '@otc/protocol';
import { api } from './client.ts';

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
  login: (body: { email: string; password: string }) => api.post<AdminSession>('/api/admin/login', body),
  logout: () => api.post<null>('/api/admin/logout', {}),
  me: (signal?: AbortSignal) => api.get<Operator>('/api/admin/me', undefined, signal),

  users: (params: PageParams & { q?: string; kind?: UserKind | '' }, signal?: AbortSignal) =>
    api.get<Page<AdminUserRow>>('/api/admin/users', { ...params }, signal),
  setUserStatus: (body: { userId: string; status: AdminUserRow['status'] }) =>
    api.post<null>('/api/admin/users/status', body),

  outbox: (params: PageParams & { target?: string }, signal?: AbortSignal) =>
    api.get<Page<OutboxMessage>>('/api/admin/outbox', { ...params }, signal),

  audit: (params: PageParams & { action?: string }, signal?: AbortSignal) =>
    api.get<Page<AuditEntry>>('/api/admin/audit', { ...params }, signal),

  operators: (signal?: AbortSignal) =>
    api.get<{ items: Operator[] }>('/api/admin/operators', undefined, signal),
  createOperator: (body: { email: string; password: string; role: AdminRole }) =>
    api.post<Operator>('/api/admin/operators', body),
};

/** Query keys, so pages invalidate each other's data without string typos. */
export const queryKeys = {
  me: ['admin', 'me'] as const,
  users: ['admin', 'users'] as const,
  outbox: ['admin', 'outbox'] as const,
  audit: ['admin', 'audit'] as const,
  operators: ['admin', 'operators'] as const,
};
