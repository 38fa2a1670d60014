import type { Alert } from '@otc/protocol/alerts/schemas';
import type { Instrument } from '@otc/protocol/market/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { QUOTATION_PATH } from '../app/paths.ts';
import { useInstruments } from '../market/index.ts';
import { FRESH } from '../money/balances.ts';
import { QueryState } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { toast } from '../ui/toast.ts';
import { useUserEvents } from '../ws/useUserEvents.ts';
import { alertKeys, alertsApi } from './alertsApi.ts';
import './alerts.css';

/** `/pages/alerts/list`: the user's price alerts, active first, each deletable; a met one shows its price. */
export default function AlertsPage() {
  const { t } = useTranslation();
  const userId = useSession().user?.id ?? '';
  const client = useQueryClient();
  const list = useQuery({
    queryKey: alertKeys.list(userId),
    queryFn: () => alertsApi.list({ toast: false }),
    ...FRESH,
  });
  // A met alert arrives as a notice: the list shows it triggered without a reload.
  const reload = () => void client.invalidateQueries({ queryKey: alertKeys.list(userId) });
  useUserEvents((event) => {
    if (event.kind === 'notice') reload();
  }, reload);
  const { bySymbol } = useInstruments();
  if (!list.data)
    return (
      <div className="page-pad">
        <section className="card">
          <QueryState
            icon="bell"
            pending={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        </section>
      </div>
    );
  return (
    <div className="page-pad stack">
      <p className="alerts-summary" data-testid="alerts-summary">
        {t('alerts.list.active', { active: list.data.active, max: list.data.max })}
      </p>
      {list.data.items.length === 0 ? (
        <section className="card stack">
          <p data-testid="alerts-empty">{t('alerts.list.empty')}</p>
          <Link to={QUOTATION_PATH}>{t('alerts.list.markets')}</Link>
        </section>
      ) : (
        <ul className="alerts-list">
          {list.data.items.map((alert) => (
            <AlertRow key={alert.id} alert={alert} instrument={bySymbol.get(alert.symbol)} onGone={reload} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AlertRow({
  alert,
  instrument,
  onGone,
}: {
  alert: Alert;
  instrument: Instrument | undefined;
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const remove = useMutation({
    mutationFn: () => alertsApi.remove(alert.id),
    onSuccess: () => {
      toast(t('alerts.list.deleted'));
      onGone();
    },
  });
  const price = (value: string) => f.price(value, instrument);
  return (
    <li className="card alert-row" data-testid="alert-row" data-status={alert.status}>
      <span className="alert-row-symbol">{alert.symbol}</span>
      <p className="alert-row-what" data-testid="alert-row-what">
        {t(`alerts.list.condition.${alert.condition}`, {
          target: price(alert.target),
          percent: alert.percent === null ? '' : f.amount(alert.percent, 2),
        })}
      </p>
      <p className="alert-row-when">
        {alert.status === 'triggered' && alert.triggeredPrice !== null && alert.triggeredAt !== null
          ? t('alerts.list.triggeredAt', {
              price: price(alert.triggeredPrice),
              time: f.time(alert.triggeredAt),
            })
          : t('alerts.list.setAt', { price: price(alert.basePrice), time: f.time(alert.createdAt) })}
      </p>
      <div className="alert-row-side">
        <span className={`alert-status alert-status-${alert.status}`} data-testid="alert-status">
          {t(`alerts.status.${alert.status}`)}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('alerts.list.delete', { symbol: alert.symbol })}
          title={t('alerts.list.delete', { symbol: alert.symbol })}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
          data-testid="alert-delete"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
}
