import type { AgentStats } from '@otc/protocol/referral/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { FRESH } from '../money/balances.ts';
import { KeyValueRow, QueryState } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { referralApi, referralKeys } from './referralApi.ts';
import './referral.css';

/**
 * `/pages/index/agent`: the caller's agent level and ratio, its team as the daily evaluation last
 * measured it, what is missing to the next level, and the schedule of levels.
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
  if (!stats.data) {
    return (
      <div className="page-pad">
        <section className="card">
          <QueryState
            icon="users"
            pending={stats.isPending}
            error={stats.error}
            onRetry={() => void stats.refetch()}
          />
        </section>
      </div>
    );
  }
  return (
    <div className="page-pad stack">
      <LevelCard stats={stats.data} />
      <ScheduleCard stats={stats.data} />
    </div>
  );
}

function LevelCard({ stats }: { stats: AgentStats }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="card referral-agent" aria-labelledby="referral-level">
      <div className="referral-agent-head">
        <span className="referral-agent-icon">
          <Icon name="users" size={24} />
        </span>
        <span id="referral-level" className="referral-code" data-testid="agent-level">
          {stats.level > 0 ? t('referral.agent.level', { level: stats.level }) : t('referral.agent.ordinary')}
        </span>
      </div>
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
      <p className="referral-hint" data-testid="agent-evaluated">
        {stats.evaluatedDay
          ? t('referral.agent.evaluated', { day: stats.evaluatedDay })
          : t('referral.agent.notEvaluated')}
      </p>
      {stats.next ? (
        <div className="referral-next" data-testid="agent-next">
          <h2 className="referral-subtitle">{t('referral.agent.next', { level: stats.next.level })}</h2>
          <KeyValueRow label={t('referral.agent.missingMembers')}>{stats.next.validMembers}</KeyValueRow>
          <KeyValueRow label={t('referral.agent.missingVolume')}>
            {f.usdt(stats.next.dailyVolume)} USDT
          </KeyValueRow>
        </div>
      ) : (
        <p className="referral-hint" data-testid="agent-top">
          {t('referral.agent.top')}
        </p>
      )}
      <p className="referral-hint">{t('referral.agent.validHint')}</p>
    </section>
  );
}

function ScheduleCard({ stats }: { stats: AgentStats }) {
  const { t } = useTranslation();
  const f = useFormat();
  const condition = (c: { validMembers: number; dailyVolume: string }) =>
    t('referral.agent.condition', { members: c.validMembers, volume: f.usdt(c.dailyVolume) });
  return (
    <section className="card" aria-labelledby="referral-schedule">
      <h2 id="referral-schedule" className="referral-subtitle">
        {t('referral.agent.schedule')}
      </h2>
      <table className="referral-table" data-testid="agent-table">
        <thead>
          <tr>
            <th scope="col">{t('referral.agent.levelColumn')}</th>
            <th scope="col" className="num">
              {t('referral.agent.ratio')}
            </th>
            <th scope="col">{t('referral.agent.upgrade')}</th>
            <th scope="col">{t('referral.agent.maintain')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.levels.map((l) => (
            <tr
              key={l.level}
              aria-current={l.level === stats.level ? 'true' : undefined}
              className={l.level === stats.level ? 'referral-row-mine' : undefined}
            >
              <th scope="row">{t('referral.agent.level', { level: l.level })}</th>
              <td className="num">{f.percent(l.ratio)}</td>
              <td>{condition(l.upgrade)}</td>
              <td>{condition(l.maintain)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
