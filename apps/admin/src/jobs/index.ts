import type { AdminArea } from '../app/area.ts';
import { JobsPage } from './JobsPage.tsx';
import { jobsTexts } from './texts.ts';

/** The durable jobs. */
export const jobsArea: AdminArea = {
  routes: [{ path: 'jobs', Component: JobsPage }],
  nav: [{ to: '/jobs', label: jobsTexts.jobs.nav }],
};
