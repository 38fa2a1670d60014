import { referralAdminEndpoints as referral } from '@otc/protocol/referral/endpoints';
import type { SaveAgentScheduleBody } from '@otc/protocol/referral/schemas';
import { call } from '../api/call.ts';

export const referralKeys = {
  levels: ['admin', 'referral', 'levels'] as const,
};

export const referralApi = {
  levels: (signal?: AbortSignal) => call(referral.levels, undefined, signal),
  save: (body: SaveAgentScheduleBody) => call(referral.save, body),
};
