import type { Loan } from '@otc/protocol/loan/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { useSession } from '../api/useSession.ts';
import { useMoneyMoved } from '../money/balances.ts';
import { KeyValueRow } from '../money/screenParts.ts';
import { TradePasswordField } from '../money/TradePasswordField.tsx';
import { useFormat } from '../money/useFormat.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { FieldError } from '../ui/Field.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { loanApi, loanKeys } from './loanApi.ts';
import { repayAmount } from './loanFigures.ts';
import { RepayLines } from './RepayLines.tsx';

const FIELDS = ['tradePassword', 'amount'] as const;

/**
 * Repaying in one payment: the lines and the total the user confirms, which is what is sent. If
 * what is owed changed meanwhile (a day turned: `loan_repay_changed`), nothing moved; the loan is
 * read again and the dialog shows the new figure with the server's word on it.
 */
export function RepayDialog({ loan, onClose }: { loan: Loan; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const demo = useSession().user?.kind === 'demo';
  const queryClient = useQueryClient();
  const moneyMoved = useMoneyMoved();
  const errors = useFieldErrors(FIELDS);
  const [tradePassword, setTradePassword] = useState('');
  const sending = useRef(false);
  const keys = useRef(createIdempotencyKeys()).current;
  const amount = repayAmount(loan);

  const send = async () => {
    if (sending.current || !amount) return;
    if (!demo && tradePassword === '') {
      errors.show('tradePassword', t('funding.withdraw.enterTradePassword'));
      return;
    }
    sending.current = true;
    try {
      await loanApi.repay({
        id: loan.id,
        amount,
        ...(demo ? {} : { tradePassword }),
        idempotencyKey: keys.keyFor(`${loan.id}|${amount}`),
      });
      keys.done();
      toast(t('loan.records.repaidToast'));
      await moneyMoved();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.key === 'loan_repay_changed') {
        await queryClient.refetchQueries({ queryKey: loanKeys.records });
        errors.show('amount', error.msg);
        return;
      }
      if (isApiError(error) && error.key === 'trade_password_wrong') setTradePassword('');
      errors.fail(error);
    } finally {
      sending.current = false;
    }
  };

  return (
    <Dialog
      title={t('loan.records.repayTitle')}
      okText={t('loan.records.repay')}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <div className="stack" data-testid="loan-repay-dialog">
        {loan.status === 'active' && loan.repayNow ? (
          <RepayLines title={t('loan.records.repayNow')} repayment={loan.repayNow} asset={loan.asset} />
        ) : (
          <KeyValueRow label={t('loan.records.debt')} testId="loan-line-total">
            {f.amount(amount ?? '0', 8)} {loan.asset}
          </KeyValueRow>
        )}
        {errors.errors.amount && <FieldError name="repay-changed" message={errors.errors.amount} />}
        <p className="field-hint">{t('loan.records.repayNote')}</p>
        {!demo && (
          <TradePasswordField
            value={tradePassword}
            error={errors.errors.tradePassword}
            onChange={(value) => {
              setTradePassword(value);
              errors.clear('tradePassword');
            }}
            testId="loan-repay-password"
          />
        )}
      </div>
    </Dialog>
  );
}
