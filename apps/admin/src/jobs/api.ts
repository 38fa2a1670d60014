import type { AdminJobs } from '@otc/protocol/admin';
import { api } from '../api/client.ts';

/** The jobs screen's one call, kept with the screen (docs/ARCHITECTURE.md: an area's api calls). */
export const jobsApi = {
  list: (signal?: AbortSignal) => api.get<AdminJobs>('/api/admin/jobs', undefined, signal),
};

export const jobsQueryKey = ['admin', 'jobs'] as const;
