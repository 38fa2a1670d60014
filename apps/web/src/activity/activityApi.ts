import { activityEndpoints as activity } from '@otc/protocol/activity/endpoints';
import { type CallOptions, call } from '../api/call.ts';

/** The seed's three tabs of `useractivity`. */
export type ActivityTab = 'available' | 'booked' | 'ended';

export const activityKeys = {
  all: ['activity'] as const,
  list: (tab: ActivityTab) => ['activity', 'list', tab] as const,
};

export const activityApi = {
  /** The activities of one tab, each with the caller's booking (deposits so far, what is left, the deadline). */
  list: (type: ActivityTab, options: CallOptions = {}) => call(activity.list, { type }, options),
  /** Books one; a refusal (ended, already booked, a simulated account) is toasted by the client. */
  join: (id: string) => call(activity.join, { id }),
};
