import { SECONDS_START_WINDOW_MS } from '@otc/core';
import { CLOCK } from '@otc/core/display';
import type { SecondsOrder, SecondsTick } from '@otc/protocol/seconds/schemas';
import { useTranslation } from 'react-i18next';
import { useNow } from '../app/useNow.ts';
import { displayTime } from '../i18n/format.ts';
import { KeyValueRow, SignedAmount } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { secondsLeft } from './secondsMath.ts';
import { VerifyTicks } from './VerifyTicks.tsx';

const USDT = { displayDecimals: 2 };

/** A tick as the contract stored it: the price, the time to the second, and the feed that made it. */
function TickValue({ tick, testId }: { tick: SecondsTick | null; testId: string }) {
  const f = useFormat();
  if (!tick) return <span data-testid={testId}>--</span>;
  return (
    <span className="seconds-tick" data-testid={testId} data-price={tick.price} data-ts={tick.ts}>
      <span className="num">{f.amount(tick.price, 8)}</span>
      <span className="seconds-tick-time">
        {displayTime(tick.ts, f.lang, CLOCK)}
        {tick.source ? ` · ${tick.source}` : ''}
      </span>
    </span>
  );
}

/**
 * One contract: what was bought, its buy tick and delivery with a countdown while it runs, then its
 * settlement tick and result. Every figure is the server's (the ticks are those stored with it).
 */
export function ContractCard({ order, testId }: { order: SecondsOrder; testId?: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const running = order.status === 'opening' || order.status === 'trading';
  const now = useNow(running, 250);
  const left = secondsLeft(order.deliveryAt, now);
  const status =
    order.status === 'trading' && left === 0 ? 'settling' : (order.status as SecondsOrder['status']);
  return (
    <article
      className={`card seconds-card seconds-card-${order.direction}`}
      data-testid={testId ?? `contract-${order.id}`}
      data-status={status}
    >
      <header className="seconds-card-head">
        <span className={`seconds-dir seconds-dir-${order.direction}`}>
          {t(order.direction === 'up' ? 'seconds.ticket.up' : 'seconds.ticket.down')}
        </span>
        <span className="seconds-card-symbol">{order.symbol}</span>
        <span className="seconds-card-period">
          {t('seconds.ticket.periodChip', { seconds: order.period })}
        </span>
        <span className="seconds-status" data-testid="contract-status">
          {t(`seconds.status.${status}`)}
        </span>
      </header>
      {running && (
        <p className="seconds-countdown" data-testid="countdown" aria-live="polite">
          {left === null ? t('seconds.card.waitingBuy') : t('seconds.card.left', { seconds: left })}
        </p>
      )}
      <KeyValueRow label={t('seconds.card.stake')}>
        {f.money(order.stake, USDT)} {order.asset}
      </KeyValueRow>
      <KeyValueRow label={t('seconds.card.buy')}>
        <TickValue tick={order.buy} testId="buy-tick" />
      </KeyValueRow>
      <KeyValueRow label={t('seconds.card.delivery')}>
        {order.deliveryAt ? displayTime(order.deliveryAt, f.lang, CLOCK) : '--'}
      </KeyValueRow>
      <KeyValueRow label={t('seconds.card.settle')}>
        <TickValue tick={order.settle} testId="settle-tick" />
      </KeyValueRow>
      {order.result ? (
        <>
          <KeyValueRow label={t('seconds.card.result')} testId="contract-result">
            {t(
              order.result === 'refund'
                ? `seconds.result.refund_${order.refundReason ?? 'equal'}`
                : `seconds.result.${order.result}`,
              // The start window, for the reason that names it (no buy tick within it).
              { seconds: SECONDS_START_WINDOW_MS / 1000 },
            )}
          </KeyValueRow>
          <KeyValueRow label={t('seconds.card.returned')}>
            <span data-testid="contract-returned" data-value={order.returned ?? ''}>
              {f.money(order.returned ?? '0', USDT)} {order.asset}
            </span>
          </KeyValueRow>
          <KeyValueRow label={t('seconds.card.pnl')}>
            <span data-value={order.pnl ?? ''} data-testid="contract-pnl">
              <SignedAmount amount={order.pnl ?? '0'} asset={order.asset} display={USDT} trend />
            </span>
          </KeyValueRow>
          {order.buy && order.settle && <VerifyTicks order={order} />}
        </>
      ) : (
        <KeyValueRow label={t('seconds.card.ifWin')}>
          {f.money(order.winPayout, USDT)} {order.asset}
        </KeyValueRow>
      )}
    </article>
  );
}
