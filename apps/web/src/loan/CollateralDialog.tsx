import { LOAN_ACCOUNT } from '@otc/protocol/loan/constants';
import type { Loan } from '@otc/protocol/loan/schemas';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { useSession } from '../api/useSession.ts';
import { maxAmount } from '../money/amounts.ts';
import { useAssetInfo, useMoneyMoved, useOverview } from '../money/balances.ts';
import { amountForm } from '../money/form.ts';
import { AmountField } from '../money/screenParts.ts';
import { TradePasswordField } from '../money/TradePasswordField.tsx';
import { useFormat } from '../money/useFormat.ts';
import { useMoneyForm } from '../money/useMoneyForm.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../ui/toast.ts';
import { loanApi } from './loanApi.ts';
import { ltvText } from './loanFigures.ts';

const FIELDS = ['amount', 'tradePassword'] as const;

/** More of the collateral asset frozen for an active loan, from what the user holds in funding: its LTV falls. */
export function CollateralDialog({ loan, onClose }: { loan: Loan; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const demo = useSession().user?.kind === 'demo';
  const moneyMoved = useMoneyMoved();
  const info = useAssetInfo()(loan.collateralAsset);
  const form = useMoneyForm(FIELDS, (amount) => f.money(amount, info));
  const overview = useOverview();
  const availableIn = (data: typeof overview.data) =>
    data?.accounts
      .find((a) => a.kind === LOAN_ACCOUNT)
      ?.balances.find((b) => b.asset === loan.collateralAsset)?.available ?? '0';
  const available = availableIn(overview.data);
  const decimals = info?.decimals ?? 8;
  const [amount, setAmount] = useState('');
  const [tradePassword, setTradePassword] = useState('');
  const sending = useRef(false);
  const keys = useRef(createIdempotencyKeys()).current;

  const send = async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      // Checked against the balance read now: pressed before the balances arrived, it waits for them
      // (else the amount would read as more than a zero balance).
      const data = overview.data ?? (await overview.refetch()).data;
      const ready = form.check(amountForm({ amount, decimals, available: availableIn(data) }));
      if (!ready) return;
      if (!demo && tradePassword === '') {
        form.show('tradePassword', t('funding.withdraw.enterTradePassword'));
        return;
      }
      await loanApi.addCollateral({
        id: loan.id,
        amount: ready,
        ...(demo ? {} : { tradePassword }),
        idempotencyKey: keys.keyFor(`${loan.id}|${ready}`),
      });
      keys.done();
      toast(t('loan.records.collateralAdded'));
      await moneyMoved();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.key === 'trade_password_wrong') setTradePassword('');
      form.fail(error);
    } finally {
      sending.current = false;
    }
  };

  return (
    <Dialog
      title={t('loan.records.addTitle', { asset: loan.collateralAsset })}
      okText={t('loan.records.addCollateral')}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <div className="stack" data-testid="loan-collateral-dialog">
        {loan.ltv && (
          <p className="field-hint">
            {t('loan.records.ltvNow', {
              ltv: ltvText(loan.ltv, f.lang),
              marginCall: ltvText(loan.marginCallLtv, f.lang),
            })}
          </p>
        )}
        <AmountField
          value={amount}
          error={form.errors.amount}
          onChange={(value) => {
            setAmount(value);
            form.clear('amount');
          }}
          onMax={() => {
            setAmount(maxAmount(available, decimals));
            form.clear('amount');
          }}
          asset={loan.collateralAsset}
          available={available}
          display={info}
        />
        {!demo && (
          <TradePasswordField
            value={tradePassword}
            error={form.errors.tradePassword}
            onChange={(value) => {
              setTradePassword(value);
              form.clear('tradePassword');
            }}
            testId="loan-collateral-password"
          />
        )}
      </div>
    </Dialog>
  );
}
