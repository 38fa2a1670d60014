import type { AgentStats } from '@otc/protocol/referral/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { FRESH } from '../money/balances.ts';
import { KeyValueRow, QueryPage } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { referralApi, referralKeys } from './referralApi.ts';

/**
 * `/pages/index/agent`: the caller's agent level and ratio, its team as the daily evaluation last
 * measured it, what is missing to the next level, and the schedule of levels. Drawn with the
 * kernel's pieces alone, as the friend page is (which shows `AgentSummary`, so the two pages and
 * their calls are one chunk): every file more on the first route's preload map costs bytes it does
 * not have (docs/decisions/0041).
 */
export default function AgentPage() {
  const stats = useQuery({
    queryKey: referralKeys.agent,
    queryFn: () => referralApi.agent({ toast: false }),
    retry: false,
    ...FRESH,
  });
  if (isApiError(stats.error) && stats.error.key === 'referral_demo') {
    return (
      <div className="page-pad">
        <section className="card">
          <EmptyState icon="users" title={stats.error.msg} />
        </section>
      </div>
    );
  }
  if (!stats.data) return <QueryPage query={stats} icon="users" />;
  return (
    <div className="page-pad stack">
      <LevelCard stats={stats.data} />
      <ScheduleCard stats={stats.data} />
    </div>
  );
}

/** The caller's level and ratio, linking to this page: the friend page's invite tab shows it. */
export function AgentSummary() {
  const { t } = useTranslation();
  const f = useFormat();
  const stats = useQuery({
    queryKey: referralKeys.agent,
    queryFn: () => referralApi.agent({ toast: false }),
    retry: false,
    ...FRESH,
  });
  if (!stats.data) return null;
  return (
    <section className="card" aria-label={t('referral.agent.title')} data-testid="agent-summary">
      <KeyValueRow label={t('referral.agent.title')} testId="agent-summary-level">
        {stats.data.level > 0
          ? t('referral.agent.level', { level: stats.data.level })
          : t('referral.agent.ordinary')}
      </KeyValueRow>
      <KeyValueRow label={t('referral.agent.ratio')} testId="agent-summary-ratio">
        {f.percent(stats.data.ratio)}
      </KeyValueRow>
      <Link className="btn btn-text btn-block" to="/pages/index/agent" data-testid="referral-agent-link">
        {t('referral.agent.open')}
      </Link>
    </section>
  );
}

function LevelCard({ stats }: { stats: AgentStats }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="card stack" aria-labelledby="agent-level">
      <h2 id="agent-level" className="section-title" data-testid="agent-level">
        {stats.level > 0 ? t('referral.agent.level', { level: stats.level }) : t('referral.agent.ordinary')}
      </h2>
      <div>
        <KeyValueRow label={t('referral.agent.ratio')} testId="agent-ratio">
          {f.percent(stats.ratio)}
        </KeyValueRow>
        <KeyValueRow label={t('referral.agent.teamSize')} testId="agent-team">
          {stats.teamSize}
        </KeyValueRow>
        <KeyValueRow label={t('referral.agent.validMembers')} testId="agent-valid">
          {stats.validMembers}
        </KeyValueRow>
        <KeyValueRow label={t('referral.agent.volume')} testId="agent-volume">
          {f.usdt(stats.dailyVolume)} USDT
        </KeyValueRow>
        <KeyValueRow label={t('referral.agent.feeTotal')} testId="agent-fees">
          {f.usdt(stats.feeTotal)} USDT
        </KeyValueRow>
        <KeyValueRow label={t('referral.agent.rebateTotal')} testId="agent-rebates">
          {f.usdt(stats.rebateTotal)} USDT
        </KeyValueRow>
      </div>
      <p className="field-hint" data-testid="agent-evaluated">
        {stats.evaluatedDay
          ? t('referral.agent.evaluated', { day: stats.evaluatedDay })
          : t('referral.agent.notEvaluated')}
      </p>
      {stats.next ? (
        <div data-testid="agent-next">
          <h3 className="section-title">{t('referral.agent.next', { level: stats.next.level })}</h3>
          <KeyValueRow label={t('referral.agent.missingMembers')}>{stats.next.validMembers}</KeyValueRow>
          <KeyValueRow label={t('referral.agent.missingVolume')}>
            {f.usdt(stats.next.dailyVolume)} USDT
          </KeyValueRow>
        </div>
      ) : (
        <p className="field-hint" data-testid="agent-top">
          {t('referral.agent.top')}
        </p>
      )}
      <p className="field-hint">{t('referral.agent.validHint')}</p>
    </section>
  );
}

function ScheduleCard({ stats }: { stats: AgentStats }) {
  const { t } = useTranslation();
  const f = useFormat();
  const condition = (c: { validMembers: number; dailyVolume: string }) =>
    t('referral.agent.condition', { members: c.validMembers, volume: f.usdt(c.dailyVolume) });
  return (
    <section className="card stack" aria-labelledby="agent-schedule">
      <h2 id="agent-schedule" className="section-title">
        {t('referral.agent.schedule')}
      </h2>
      {stats.levels.map((l) => (
        <div
          key={l.level}
          aria-current={l.level === stats.level ? 'true' : undefined}
          data-testid={`agent-row-${l.level}`}
        >
          <h3 className="section-title">
            {t('referral.agent.level', { level: l.level })} · {f.percent(l.ratio)}
          </h3>
          <KeyValueRow label={t('referral.agent.upgrade')}>{condition(l.upgrade)}</KeyValueRow>
          <KeyValueRow label={t('referral.agent.maintain')}>{condition(l.maintain)}</KeyValueRow>
        </div>
      ))}
    </section>
  );
}
