import { alertsEndpoints as alerts } from '@otc/protocol/alerts/endpoints';
import type { AddAlertBody } from '@otc/protocol/alerts/schemas';
import { type CallOptions, call } from '../api/call.ts';

/** Per user, so another account signed in on the device never sees the last one's alerts. */
export const alertKeys = {
  list: (userId: string) => ['alerts', userId] as const,
};

export const alertsApi = {
  list: (options: CallOptions = {}) => call(alerts.list, {}, options),
  add: (body: AddAlertBody) => call(alerts.add, body, { toast: false }),
  remove: (id: string) => call(alerts.delete, { id }),
};
