import type { AdminArea } from '../app/area.ts';
import { texts } from '../texts.ts';
import { JobsPage } from './JobsPage.tsx';

/** The durable jobs. */
export const jobsArea: AdminArea = {
  routes: [{ path: 'jobs', Component: JobsPage }],
  nav: [{ to: '/jobs', label: texts.jobs.nav }],
};
