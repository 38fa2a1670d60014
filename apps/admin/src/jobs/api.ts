import { adminEndpoints as admin } from '@otc/protocol/admin/endpoints';
import { call } from '../api/call.ts';

/** The jobs screen's one call, kept with the screen (docs/ARCHITECTURE.md, "Layers and the rules between areas": an area's api calls). */
export const jobsApi = {
  list: (signal?: AbortSignal) => call(admin.jobs, undefined, signal),
};

export const jobsQueryKey = ['admin', 'jobs'] as const;
