import type { AdminJob, AdminJobRun } from '@otc/protocol/admin/schemas';
import { useQuery } from '@tanstack/react-query';
import { texts } from '../texts.ts';
import { formatTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryTable } from '../ui/QueryTable.tsx';
import { RefreshButton } from '../ui/RefreshButton.tsx';
import { jobsApi, jobsQueryKey } from './api.ts';
import { jobsTexts } from './texts.ts';

const t = jobsTexts.jobs;
const STATUS_BADGE: Record<AdminJob['status'], string> = {
  scheduled: 'badge-pending',
  running: 'badge-live',
  done: 'badge-approved',
  failed: 'badge-rejected',
};

const time = (iso: string | null) =>
  iso ? (
    <span className="nowrap" title={iso}>
      {formatTime(iso)}
    </span>
  ) : (
    texts.common.none
  );

/** The durable jobs, their last outcome and next run, then the latest runs and failures. */
export function JobsPage() {
  const jobs = useQuery({ queryKey: jobsQueryKey, queryFn: ({ signal }) => jobsApi.list(signal) });
  const data = jobs.data;

  return (
    <section className="page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="toolbar">
        <div className="toolbar-end">
          <RefreshButton query={jobs} testId="jobs-refresh" />
        </div>
      </div>

      <div className="section">
        <h2>{t.jobsTitle}</h2>
        <p className="muted small section-hint">{t.jobsHint}</p>
        <QueryTable
          query={jobs}
          testId="jobs-table"
          region={t.jobsTitle}
          isEmpty={(data?.jobs.length ?? 0) === 0}
          empty={t.empty}
          headers={[
            t.columns.name,
            t.columns.schedule,
            t.columns.status,
            t.columns.next,
            { label: t.columns.attempts, className: 'num' },
            t.columns.lastRun,
            t.columns.lastResult,
            t.columns.lastError,
          ]}
        >
          {data?.jobs.map((job) => (
            <tr key={job.id}>
              <td className="nowrap">
                {job.name}
                {job.key && <div className="muted small">{job.key}</div>}
              </td>
              <td className="nowrap">{job.everyMs === null ? t.oneOff : t.every(job.everyMs)}</td>
              <td>
                <span
                  className={`badge ${STATUS_BADGE[job.status]}`}
                  title={
                    job.claimedBy && job.leaseUntil ? t.claimedBy(job.claimedBy, job.leaseUntil) : undefined
                  }
                >
                  {t.status[job.status] ?? job.status}
                </span>
              </td>
              <td>
                {job.status === 'done' || job.status === 'failed' ? texts.common.none : time(job.runAt)}
              </td>
              <td className="num">
                {t.attempts(job.attempts, job.everyMs === null ? job.maxAttempts : null)}
              </td>
              <td>{time(job.lastRunAt)}</td>
              <td>{job.lastResult ? <ResultBadge ok={job.lastResult === 'ok'} /> : texts.common.none}</td>
              <td className="pre-wrap">{job.lastError ?? texts.common.none}</td>
            </tr>
          ))}
        </QueryTable>
      </div>

      <div className="section">
        <h2>{t.failuresTitle}</h2>
        <p className="muted small section-hint">{t.failuresHint}</p>
        <RunsTable
          query={jobs}
          runs={data?.failures ?? []}
          testId="job-failures-table"
          empty={t.noFailures}
          region={t.failuresTitle}
        />
      </div>

      <div className="section">
        <h2>{t.runsTitle}</h2>
        <p className="muted small section-hint">{t.runsHint}</p>
        <RunsTable
          query={jobs}
          runs={data?.runs ?? []}
          testId="job-runs-table"
          empty={t.noRuns}
          region={t.runsTitle}
        />
      </div>
    </section>
  );
}

function ResultBadge({ ok }: { ok: boolean }) {
  return (
    <span className={`badge ${ok ? 'badge-active' : 'badge-disabled'}`}>
      {ok ? t.result.ok : t.result.failed}
    </span>
  );
}

function RunsTable({
  query,
  runs,
  testId,
  empty,
  region,
}: {
  query: Parameters<typeof QueryTable>[0]['query'];
  runs: AdminJobRun[];
  testId: string;
  empty: string;
  /** The table's name as a keyboard-scrollable region (its rows may be wider than the page). */
  region: string;
}) {
  return (
    <QueryTable
      query={query}
      testId={testId}
      region={region}
      isEmpty={runs.length === 0}
      empty={empty}
      headers={[
        t.columns.started,
        t.columns.finished,
        t.columns.name,
        { label: t.columns.attempt, className: 'num' },
        t.columns.runner,
        t.columns.lastResult,
        t.columns.error,
      ]}
    >
      {runs.map((run) => (
        <tr key={run.id}>
          <td>{time(run.startedAt)}</td>
          <td>{time(run.finishedAt)}</td>
          <td className="nowrap">{run.name}</td>
          <td className="num">{run.attempt}</td>
          <td className="nowrap muted small">{run.runner}</td>
          <td>
            <ResultBadge ok={run.ok} />
          </td>
          <td className="pre-wrap">{run.error ?? texts.common.none}</td>
        </tr>
      ))}
    </QueryTable>
  );
}
