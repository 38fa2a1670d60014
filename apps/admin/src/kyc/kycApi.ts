import { kycAdminEndpoints as kyc } from '@otc/protocol/kyc/endpoints';
import type { KycApplicationRow } from '@otc/protocol/kyc/schemas';
import { call } from '../api/call.ts';

export type ApplicationStatus = KycApplicationRow['status'];

export const kycKeys = {
  all: ['admin', 'kyc'] as const,
  list: ['admin', 'kyc', 'list'] as const,
  application: (id: string) => ['admin', 'kyc', 'application', id] as const,
};

export const kycApi = {
  applications: (
    params: { page: number; pageSize: number; status?: ApplicationStatus | undefined },
    signal?: AbortSignal,
  ) => call(kyc.applications, params, signal),
  application: (id: string, signal?: AbortSignal) => call(kyc.application, { id }, signal),
  approve: (id: string) => call(kyc.approve, { id }),
  reject: (id: string, reason: string) => call(kyc.reject, { id, reason }),
};
