import { jurisdictionEndpoints as jurisdiction } from '@otc/protocol/jurisdiction/endpoints';
import { call } from '../api/call.ts';

export const jurisdictionKeys = { mine: (userId: string) => ['jurisdiction', 'mine', userId] as const };

export const jurisdictionApi = { mine: () => call(jurisdiction.mine, undefined, { toast: false }) };
