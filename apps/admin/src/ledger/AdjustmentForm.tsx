import { USER_ACCOUNT_KINDS, type UserAccountKind } from '@otc/protocol/ledger/accounts';
import { ledgerAdminEndpoints } from '@otc/protocol/ledger/endpoints';
import type { Adjustment, AssetInfo } from '@otc/protocol/ledger/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { adminApi, queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { texts } from '../texts.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { amountClass, isZeroAmount } from '../ui/format.ts';
import { RightsHint } from '../ui/RightsHint.tsx';
import { ledgerTexts } from './texts.ts';

const t = ledgerTexts.userLedger;
const AMOUNT_PATTERN = /^-?\d{1,20}(\.\d{1,18})?$/;

interface FieldErrors {
  asset?: string;
  amount?: string;
  reason?: string;
}

function validate(asset: AssetInfo | undefined, amount: string, reason: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!asset) errors.asset = t.errors.asset;
  if (!AMOUNT_PATTERN.test(amount)) errors.amount = t.errors.amountFormat;
  else if (isZeroAmount(amount)) errors.amount = t.errors.amountZero;
  else if (asset && (amount.split('.')[1]?.length ?? 0) > asset.decimals) {
    errors.amount = t.errors.amountDecimals(asset.code, asset.decimals);
  }
  if (reason.length < 5 || reason.length > 500) errors.reason = t.errors.reasonLength;
  return errors;
}

/** Asks for a manual credit (positive) or debit (negative); a second operator approves it. */
export function AdjustmentForm({ userId, assets }: { userId: string; assets: readonly AssetInfo[] }) {
  const queryClient = useQueryClient();
  const [account, setAccount] = useState<UserAccountKind>('funding');
  const [assetCode, setAssetCode] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [requested, setRequested] = useState<Adjustment | null>(null);

  // Until the operator picks one, the first asset the server lists is selected.
  const selectedCode = assetCode || assets[0]?.code || '';
  const asset = assets.find((a) => a.code === selectedCode);

  const create = useMutation({
    mutationFn: adminApi.requestAdjustment,
    onSuccess: (adjustment) => {
      setRequested(adjustment);
      setAmount('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.adjustments });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmedAmount = amount.trim();
    const trimmedReason = reason.trim();
    const found = validate(asset, trimmedAmount, trimmedReason);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setRequested(null);
    create.reset();
    create.mutate({ userId, account, asset: selectedCode, amount: trimmedAmount, reason: trimmedReason });
  };

  const mayRequest = useCan()(ledgerAdminEndpoints.requestAdjustment);

  return (
    <form className="card split-side" onSubmit={onSubmit} noValidate data-testid="adjust-form">
      <h2>{t.adjustTitle}</h2>
      <p className="muted small section-hint">{t.adjustHint}</p>
      <RightsHint allowed={mayRequest} hint={t.adminOnlyHint} />

      <label className="field">
        <span>{t.account}</span>
        <select
          name="account"
          value={account}
          onChange={(event) => setAccount(event.target.value as UserAccountKind)}
          data-testid="adjust-account"
        >
          {USER_ACCOUNT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ledgerTexts.accounts[kind] ?? kind}
            </option>
          ))}
        </select>
      </label>

      <label className="field">
        <span>{t.asset}</span>
        <select
          name="asset"
          value={selectedCode}
          onChange={(event) => setAssetCode(event.target.value)}
          disabled={assets.length === 0}
          data-testid="adjust-asset"
        >
          {assets.length === 0 && <option value="">{texts.common.loading}</option>}
          {assets.map((a) => (
            <option key={a.code} value={a.code}>
              {a.code} — {a.name}
            </option>
          ))}
        </select>
        {errors.asset && <small className="field-error">{errors.asset}</small>}
      </label>

      <label className="field">
        <span>{t.amount}</span>
        <input
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={t.amountPlaceholder}
          value={amount}
          aria-invalid={errors.amount ? true : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        {errors.amount ? (
          <small className="field-error">{errors.amount}</small>
        ) : (
          <small className="muted">{t.amountHint}</small>
        )}
      </label>

      <label className="field">
        <span>{t.reason}</span>
        <input
          name="reason"
          type="text"
          autoComplete="off"
          maxLength={500}
          placeholder={t.reasonPlaceholder}
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {errors.reason ? (
          <small className="field-error">{errors.reason}</small>
        ) : (
          <small className="muted">{t.reasonHint}</small>
        )}
      </label>

      {create.isError && <ErrorAlert error={create.error} />}
      {requested && (
        <div className="alert alert-success alert-block" role="status" data-testid="adjust-result">
          <p>
            <strong>{t.requested(requested.id)}</strong>{' '}
            <span className={amountClass(requested.amount)}>{requested.amount}</span> {requested.asset}{' '}
            {t.requestedDetail((ledgerTexts.accounts[requested.account] ?? requested.account).toLowerCase())}{' '}
            <span className={`badge badge-${requested.status}`} data-testid="adjust-result-status">
              {ledgerTexts.adjustmentStatuses[requested.status] ?? requested.status}
            </span>
          </p>
          <p>{t.pendingExplain}</p>
          <p>
            <Link to="/adjustments">{t.viewAdjustments}</Link>
          </p>
        </div>
      )}

      {mayRequest && (
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={create.isPending}
          data-testid="adjust-submit"
        >
          {create.isPending ? t.submitting : t.submit}
        </button>
      )}
    </form>
  );
}
