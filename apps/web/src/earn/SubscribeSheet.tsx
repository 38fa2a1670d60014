import { EARN_ACCOUNT } from '@otc/protocol/earn/constants';
import type { EarnProduct } from '@otc/protocol/earn/schemas';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { useSession } from '../api/useSession.ts';
import { maxAmount } from '../money/amounts.ts';
import { useMoneyMoved, useOverview } from '../money/balances.ts';
import { displayRate } from '../money/rate.ts';
import { AmountField, KeyValueRow } from '../money/screenParts.ts';
import { TradePasswordField } from '../money/TradePasswordField.tsx';
import { USDT_DISPLAY, useFormat } from '../money/useFormat.ts';
import { useMoneyForm } from '../money/useMoneyForm.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../ui/toast.ts';
import { earnApi } from './earnApi.ts';
import { EARN_AMOUNT_DECIMALS, EARN_FIELDS, earnForm } from './earnQuote.ts';

/**
 * The subscribe sheet: the user types an amount and sees, before confirming, the daily rate fixed
 * for it, the daily and the whole cycle's yield, the end date and the early-redemption rule; live
 * users give their transaction password, demo users (play money) none.
 */
export function SubscribeSheet({ product, onClose }: { product: EarnProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const demo = useSession().user?.kind === 'demo';
  const moneyMoved = useMoneyMoved();
  const form = useMoneyForm(EARN_FIELDS, f.usdt);
  const overview = useOverview();
  const availableIn = (data: typeof overview.data) =>
    data?.accounts.find((a) => a.kind === EARN_ACCOUNT)?.balances.find((b) => b.asset === product.asset)
      ?.available ?? '0';
  const available = availableIn(overview.data);
  const [amount, setAmount] = useState('');
  const [tradePassword, setTradePassword] = useState('');
  const [busy, setBusy] = useState(false);
  // Set before the first await: a second press meanwhile sends nothing.
  const sending = useRef(false);
  const keys = useRef(createIdempotencyKeys()).current;
  const checked = earnForm({ product, amount, available, tradePassword, demo, nowMs: Date.now() });
  const quote = checked.summary;

  const send = async () => {
    if (sending.current || busy) return;
    sending.current = true;
    setBusy(true);
    try {
      // Checked against the balance read now: pressed before the balances arrived, it waits for them
      // (else any amount would read as more than a zero balance: 'Insufficient available balance').
      const data = overview.data ?? (await overview.refetch()).data;
      const ready = form.check(
        earnForm({ product, amount, available: availableIn(data), tradePassword, demo, nowMs: Date.now() }),
      );
      if (!ready) return;
      await earnApi.subscribe({
        productId: product.id,
        amount: ready.amount,
        ...(demo ? {} : { tradePassword }),
        idempotencyKey: keys.keyFor(`${product.id}|${ready.amount}`),
      });
      keys.done();
      toast(t('earn.escrowOrders.subscribed'));
      await moneyMoved();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.key === 'trade_password_wrong') setTradePassword('');
      form.fail(error);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('earn.escrowOrders.sheetTitle', { name: product.name })}
      okText={t('earn.escrowOrders.confirm')}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <div className="stack earn-sheet" data-testid="earn-sheet">
        <AmountField
          value={amount}
          error={form.errors.amount}
          onChange={(value) => {
            setAmount(value);
            form.clear('amount');
          }}
          onMax={() => {
            const max = maxAmount(available, EARN_AMOUNT_DECIMALS);
            setAmount(max);
            form.clear('amount');
          }}
          asset={product.asset}
          available={available}
          display={USDT_DISPLAY}
        />
        <KeyValueRow label={t('earn.escrowOrders.limits')}>
          {f.usdt(product.minAmount)} – {f.usdt(product.maxAmount)} {product.asset}
        </KeyValueRow>
        <KeyValueRow label={t('earn.escrowOrders.fixedRate')} testId="earn-quote-rate">
          {quote ? displayRate(quote.dailyRate, f.lang) : '--'}
        </KeyValueRow>
        <KeyValueRow label={t('earn.escrowOrders.dailyYield')} testId="earn-quote-daily">
          {quote ? `${f.amount(quote.dailyYield, 8)} ${product.asset}` : '--'}
        </KeyValueRow>
        <KeyValueRow label={t('earn.escrowOrders.expected')} testId="earn-quote-expected">
          {quote ? `${f.amount(quote.expected, 8)} ${product.asset}` : '--'}
        </KeyValueRow>
        <KeyValueRow label={t('earn.escrowOrders.endDate')} testId="earn-quote-end">
          {quote?.endDate ?? '--'}
        </KeyValueRow>
        <p className="field-hint" data-testid="earn-penalty-rule">
          {t('earn.escrowOrders.penaltyRule', { rate: displayRate(product.penaltyRate, f.lang) })}
        </p>
        {!demo && (
          <TradePasswordField
            value={tradePassword}
            error={form.errors.tradePassword}
            onChange={(value) => {
              setTradePassword(value);
              form.clear('tradePassword');
            }}
          />
        )}
      </div>
    </Dialog>
  );
}
