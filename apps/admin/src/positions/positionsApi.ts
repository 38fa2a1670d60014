import {
  positionsAdminEndpoints as positions,
  type UpdatePositionRulesBody,
} from '@otc/protocol/positions/admin';
import { call } from '../api/call.ts';

export const positionKeys = {
  overview: ['admin', 'positions', 'overview'] as const,
  open: ['admin', 'positions', 'open'] as const,
  rules: ['admin', 'positions', 'rules'] as const,
};

export const positionsApi = {
  overview: (signal?: AbortSignal) => call(positions.overview, undefined, signal),
  open: (
    params: {
      page: number;
      pageSize: number;
      userId?: string | undefined;
      symbol?: string | undefined;
      realm?: 'live' | 'demo' | undefined;
    },
    signal?: AbortSignal,
  ) => call(positions.open, params, signal),
  rules: (signal?: AbortSignal) => call(positions.rules, undefined, signal),
  updateRules: (body: UpdatePositionRulesBody) => call(positions.updateRules, body),
};
