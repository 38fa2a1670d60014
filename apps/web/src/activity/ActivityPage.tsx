import type { ActivityItem } from '@otc/protocol/activity/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FRESH } from '../money/balances.ts';
import { KeyValueRow, QueryState, Tabs } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { toast } from '../ui/toast.ts';
import { type ActivityTab, activityApi, activityKeys } from './activityApi.ts';
import './activity.css';

const TABS: readonly ActivityTab[] = ['available', 'booked', 'ended'];

/**
 * `/pages/index/activity`: deposit-bonus activities in the seed's three tabs. Booking one starts 7
 * days to deposit its target in USDT; the bonus is credited once the deposits reach it.
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ActivityTab>('available');
  const list = useQuery({
    queryKey: activityKeys.list(tab),
    queryFn: () => activityApi.list(tab, { toast: false }),
    ...FRESH,
  });
  return (
    <div className="page-pad stack">
      <Tabs
        tabs={TABS.map((id) => ({ id, label: t(`activity.tabs.${id}`) }))}
        value={tab}
        onChange={setTab}
        testIdPrefix="activity-tab-"
        label={t('activity.list.title')}
      />
      {!list.data ? (
        <section className="card">
          <QueryState
            icon="gift"
            pending={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        </section>
      ) : list.data.items.length === 0 ? (
        <section className="card">
          <p className="activity-empty" data-testid="activity-empty">
            {t(`activity.empty.${tab}`)}
          </p>
        </section>
      ) : (
        list.data.items.map((item) => <ActivityCard key={item.id} item={item} />)
      )}
    </div>
  );
}

function ActivityCard({ item }: { item: ActivityItem }) {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const join = useMutation({
    mutationFn: () => activityApi.join(item.id),
    onSuccess: () => {
      toast(t('activity.booked'));
      void client.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
  const b = item.booking;
  return (
    <section className="card activity-card" data-testid={`activity-${item.id}`}>
      <h2 className="activity-title">{item.title}</h2>
      <p className="activity-bonus">{t('activity.bonus', { amount: f.usdt(item.bonus) })}</p>
      <p className="activity-terms">{t('activity.terms', { amount: f.usdt(item.target) })}</p>
      <KeyValueRow label={t('activity.period')}>
        {f.time(item.startsAt)} – {f.time(item.endsAt)}
      </KeyValueRow>
      {b ? (
        <>
          <KeyValueRow label={t('activity.state')} testId="activity-state">
            {t(`activity.states.${b.state}`)}
          </KeyValueRow>
          <KeyValueRow label={t('activity.deposited')} testId="activity-deposited">
            {f.usdt(b.deposited)} / {f.usdt(item.target)} USDT
          </KeyValueRow>
          {b.state === 'booked' && (
            <>
              <KeyValueRow label={t('activity.remaining')} testId="activity-remaining">
                {f.usdt(b.remaining)} USDT
              </KeyValueRow>
              <KeyValueRow label={t('activity.deadline')} testId="activity-deadline">
                {f.time(b.deadline)}
              </KeyValueRow>
            </>
          )}
        </>
      ) : item.phase === 'available' ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={join.isPending}
          onClick={() => join.mutate()}
          data-testid="activity-book"
        >
          {t('activity.book')}
        </button>
      ) : (
        <p className="activity-note">
          {item.phase === 'upcoming'
            ? t('activity.opens', { time: f.time(item.startsAt) })
            : t('activity.ended')}
        </p>
      )}
    </section>
  );
}
