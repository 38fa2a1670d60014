import { vipEndpoints as vip } from '@otc/protocol/vip/endpoints';
import { type CallOptions, call } from '../api/call.ts';

export const vipKeys = {
  info: ['vip', 'info'] as const,
};

export const vipApi = {
  /** The caller's level, volume and the schedule with its fees on BTC/USDT (the server's default). */
  info: (options: CallOptions = {}) => call(vip.info, {}, options),
};
