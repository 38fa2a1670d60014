import { referralEndpoints as referral } from '@otc/protocol/referral/endpoints';
import { type CallOptions, call } from '../api/call.ts';

/** Rebates arrive once a day: the figures are read fresh when a page opens, not kept live. */
export const referralKeys = {
  info: ['referral', 'info'] as const,
  rebates: ['referral', 'rebates'] as const,
  team: ['referral', 'team'] as const,
  agent: ['referral', 'agent'] as const,
};

export const referralApi = {
  info: (options: CallOptions = {}) => call(referral.promoteinfo, {}, options),
  rebates: (page: number, pageSize: number) => call(referral.rebates, { page, pageSize }),
  team: (page: number, pageSize: number) => call(referral.team, { page, pageSize }),
  agent: (options: CallOptions = {}) => call(referral.agent, {}, options),
};
