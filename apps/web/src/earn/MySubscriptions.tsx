import type { EarnSubscription } from '@otc/protocol/earn/schemas';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { useSession } from '../api/useSession.ts';
import { FRESH, useMoneyMoved } from '../money/balances.ts';
import { KeyValueRow, QueryState } from '../money/screenParts.ts';
import { TradePasswordField } from '../money/TradePasswordField.tsx';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../ui/toast.ts';
import { earnApi, earnKeys } from './earnApi.ts';
import { redeemPreview } from './earnQuote.ts';

const STATUS_LABELS = {
  pending: 'earn.escrowOrders.status.pending',
  in_progress: 'earn.escrowOrders.status.inProgress',
  ended: 'earn.escrowOrders.status.ended',
} as const;

/** "My subscriptions": each with its state, cumulative and today's profit, days left, early redemption. */
export function MySubscriptions() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: earnKeys.subscriptions, queryFn: earnApi.subscriptions, ...FRESH });
  const [redeeming, setRedeeming] = useState<EarnSubscription | null>(null);
  return (
    <section className="stack" aria-labelledby="earn-mine-title">
      <h2 id="earn-mine-title" className="earn-title">
        {t('earn.escrowOrders.mine')}
      </h2>
      {!list.data ? (
        <section className="card">
          <QueryState pending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
        </section>
      ) : list.data.items.length === 0 ? (
        <p className="field-hint" data-testid="earn-mine-empty">
          {t('earn.escrowOrders.noSubscriptions')}
        </p>
      ) : (
        list.data.items.map((s) => (
          <SubscriptionCard key={s.id} subscription={s} onRedeem={() => setRedeeming(s)} />
        ))
      )}
      {redeeming && <RedeemDialog subscription={redeeming} onClose={() => setRedeeming(null)} />}
    </section>
  );
}

function SubscriptionCard({
  subscription: s,
  onRedeem,
}: {
  subscription: EarnSubscription;
  onRedeem: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="card earn-sub" data-testid={`earn-sub-${s.id}`}>
      <div className="earn-sub-head">
        <span className="earn-product-name">{s.productName}</span>
        <span className={`earn-status earn-status-${s.status}`} data-testid="earn-sub-status">
          {t(STATUS_LABELS[s.status])}
        </span>
      </div>
      <KeyValueRow label={t('earn.escrowOrders.principal')} testId="earn-sub-amount">
        {f.usdt(s.amount)} {s.asset}
      </KeyValueRow>
      <KeyValueRow label={t('earn.escrowOrders.expected')} testId="earn-sub-expected">
        {f.amount(s.expectedEarnings, 8)} {s.asset}
      </KeyValueRow>
      <KeyValueRow label={t('earn.escrowOrders.cumulative')} testId="earn-sub-cumulative">
        {f.amount(s.cumulativeProfit, 8)} {s.asset}
      </KeyValueRow>
      <KeyValueRow label={t('earn.escrowOrders.today')} testId="earn-sub-today">
        {f.amount(s.todayProfit, 8)} {s.asset}
      </KeyValueRow>
      <KeyValueRow label={t('earn.escrowOrders.remaining')} testId="earn-sub-remaining">
        {t('earn.escrowOrders.days', { days: s.remainingDays })}
      </KeyValueRow>
      <KeyValueRow label={t('earn.escrowOrders.endDate')}>{s.endDate}</KeyValueRow>
      {s.status !== 'ended' && (
        <Button variant="secondary" block onClick={onRedeem} data-testid="earn-redeem">
          {t('earn.escrowOrders.redeem')}
        </Button>
      )}
    </section>
  );
}

function RedeemDialog({ subscription, onClose }: { subscription: EarnSubscription; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const demo = useSession().user?.kind === 'demo';
  const moneyMoved = useMoneyMoved();
  const [tradePassword, setTradePassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sending = useRef(false);
  const keys = useRef(createIdempotencyKeys()).current;
  // The subscription's own rate, fixed when it began: what the server will keep back, whatever the product says now.
  const preview = redeemPreview(subscription);

  const send = async () => {
    if (sending.current) return;
    if (!demo && tradePassword === '') {
      setError(t('funding.withdraw.enterTradePassword'));
      return;
    }
    sending.current = true;
    try {
      await earnApi.redeem({
        id: subscription.id,
        ...(demo ? {} : { tradePassword }),
        idempotencyKey: keys.keyFor(subscription.id),
      });
      keys.done();
      toast(t('earn.escrowOrders.redeemed'));
      await moneyMoved();
      onClose();
    } catch {
      // `call` has shown the server's translated refusal; the dialog stays for another try.
      setTradePassword('');
    } finally {
      sending.current = false;
    }
  };

  return (
    <Dialog
      title={t('earn.escrowOrders.redeemTitle')}
      okText={t('earn.escrowOrders.redeem')}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <div className="stack" data-testid="earn-redeem-dialog">
        <KeyValueRow label={t('earn.escrowOrders.principal')}>
          {f.usdt(subscription.amount)} {subscription.asset}
        </KeyValueRow>
        <KeyValueRow label={t('earn.escrowOrders.penalty')} testId="earn-redeem-penalty">
          {f.amount(preview.penalty, 8)} {subscription.asset}
        </KeyValueRow>
        <KeyValueRow label={t('earn.escrowOrders.back')} testId="earn-redeem-back">
          {f.amount(preview.back, 8)} {subscription.asset}
        </KeyValueRow>
        <p className="field-hint">{t('earn.escrowOrders.redeemNote')}</p>
        {!demo && (
          <TradePasswordField
            value={tradePassword}
            error={error}
            onChange={(value) => {
              setTradePassword(value);
              setError(undefined);
            }}
            testId="earn-redeem-password"
          />
        )}
      </div>
    </Dialog>
  );
}
