import { sealAuditJob } from './audit-chain.ts';
import { pruneJobRuns } from './jobs/prune-runs.ts';

/** The platform's own durable jobs, beside the areas' (app.ts defines them; the jobs test expects each). */
export const PLATFORM_JOBS = [pruneJobRuns, sealAuditJob];
