import type { VipInfo } from '@otc/protocol/vip/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FRESH } from '../money/balances.ts';
import { KeyValueRow, QueryPage } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { Icon } from '../ui/Icon.tsx';
import { vipApi, vipKeys } from './vipApi.ts';
import { displayRate, progressWidth } from './vipFormat.ts';
import './vip.css';

/**
 * `/pages/index/vip`: the user's VIP level, 30-day volume and progress to the next level, and the
 * fee levels with their maker and taker fees on BTC/USDT.
 */
export default function VipPage() {
  const info = useQuery({ queryKey: vipKeys.info, queryFn: () => vipApi.info({ toast: false }), ...FRESH });
  if (!info.data) return <QueryPage query={info} icon="crown" />;
  return (
    <div className="page-pad stack">
      <LevelCard info={info.data} />
      <ScheduleCard info={info.data} />
    </div>
  );
}

function LevelCard({ info }: { info: VipInfo }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="card vip-card" aria-labelledby="vip-level-label">
      <div className="vip-head">
        <span className="vip-crown">
          <Icon name="crown" size={24} />
        </span>
        <div className="vip-head-main">
          <span id="vip-level-label" className="vip-label">
            {t('vip.yourLevel')}
          </span>
          <span className="vip-level" data-testid="vip-level">
            {t('vip.level', { level: info.level })}
          </span>
        </div>
      </div>

      <KeyValueRow label={t('vip.volume')} testId="vip-volume">
        {f.usdt(info.volume30d)} USDT
      </KeyValueRow>
      <p className="vip-hint">{t('vip.volumeHint')}</p>

      {info.next ? (
        <div className="vip-progress">
          <div className="vip-progress-label">
            <span>{t('vip.progress', { level: info.next.level })}</span>
            <span className="vip-progress-target">≥ {f.usdt(info.next.minVolume)}</span>
          </div>
          <div
            className="vip-bar"
            role="progressbar"
            aria-label={t('vip.progress', { level: info.next.level })}
            aria-valuetext={progressWidth(info.progress)}
            data-testid="vip-progress"
          >
            <span className="vip-bar-fill" style={{ width: progressWidth(info.progress) }} />
          </div>
          <p className="vip-remaining" data-testid="vip-remaining">
            {t('vip.remaining', { amount: f.usdt(info.next.remaining), level: info.next.level })}
          </p>
        </div>
      ) : (
        <p className="vip-remaining" data-testid="vip-top">
          {t('vip.top')}
        </p>
      )}

      <h2 className="vip-subtitle">{t('vip.yourFees', { symbol: info.symbol })}</h2>
      <KeyValueRow label={t('vip.makerFee')} testId="vip-maker-fee">
        {displayRate(info.makerFee, f.lang)}
      </KeyValueRow>
      <KeyValueRow label={t('vip.takerFee')} testId="vip-taker-fee">
        {displayRate(info.takerFee, f.lang)}
      </KeyValueRow>
    </section>
  );
}

function ScheduleCard({ info }: { info: VipInfo }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="card" aria-labelledby="vip-schedule-title">
      <h2 id="vip-schedule-title" className="vip-title">
        {t('vip.schedule')}
      </h2>
      <p className="vip-hint">{t('vip.scheduleNote', { symbol: info.symbol })}</p>
      <table className="vip-table" data-testid="vip-table">
        <thead>
          <tr>
            <th scope="col">{t('vip.levelColumn')}</th>
            <th scope="col" className="num">
              {t('vip.minVolume')}
            </th>
            <th scope="col" className="num">
              {t('vip.makerFee')}
            </th>
            <th scope="col" className="num">
              {t('vip.takerFee')}
            </th>
          </tr>
        </thead>
        <tbody>
          {info.schedule.map((row) => {
            const mine = row.level === info.level;
            return (
              <tr
                key={row.level}
                className={mine ? 'vip-row-mine' : undefined}
                aria-current={mine ? 'true' : undefined}
                data-testid={`vip-row-${row.level}`}
              >
                <th scope="row">
                  {t('vip.level', { level: row.level })}
                  {mine && (
                    <>
                      {' '}
                      <span className="vip-you">{t('vip.you')}</span>
                    </>
                  )}
                </th>
                <td className="num">≥ {f.usdt(row.minVolume)}</td>
                <td className="num" data-testid="vip-row-maker">
                  {displayRate(row.makerFee, f.lang)}
                </td>
                <td className="num" data-testid="vip-row-taker">
                  {displayRate(row.takerFee, f.lang)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="vip-hint vip-updated" data-testid="vip-updated">
        {info.computedAt ? t('vip.updated', { time: f.time(info.computedAt) }) : t('vip.hourly')}
      </p>
    </section>
  );
}
