import type { VipInfo } from '@otc/protocol/vip/schemas';
import { api, type RequestOptions } from '../api/client.ts';

export const vipKeys = {
  info: ['vip', 'info'] as const,
};

export const vipApi = {
  /** The caller's level, volume and the schedule with its fees on BTC/USDT (the server's default). */
  info: (options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    api.post<VipInfo>('/api/vip/info', {}, options),
};
