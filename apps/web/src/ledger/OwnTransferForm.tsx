import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import {
  ACCOUNT_KINDS,
  ACCOUNT_LABELS,
  type AccountKind,
  isAccountKind,
  maxAmount,
  otherAccount,
} from '../money/amounts.ts';
import { moneyApi, moneyKeys } from '../money/assetsApi.ts';
import { FRESH, useMoneyMoved } from '../money/balances.ts';
import { AMOUNT_FIELDS, amountForm } from '../money/form.ts';
import { AmountField, QueryState, SelectField } from '../money/screenParts.ts';
import { useMoneyForm } from '../money/useMoneyForm.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { toast } from '../ui/toast.ts';
import '../money/money.css';

/** Between the user's own accounts: instant, no password (PRODUCT.md "Accounts and money"). */
export function OwnTransferForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const moneyMoved = useMoneyMoved();
  const info = useQuery({ queryKey: moneyKeys.transferInfo, queryFn: moneyApi.transferInfo, ...FRESH });
  const initialFrom = params.get('from');
  const [from, setFrom] = useState<AccountKind>(isAccountKind(initialFrom) ? initialFrom : 'funding');
  const [to, setTo] = useState<AccountKind>(
    otherAccount(isAccountKind(initialFrom) ? initialFrom : 'funding'),
  );
  const [chosenAsset, setAsset] = useState(params.get('asset')?.toUpperCase() ?? '');
  const [amount, setAmount] = useState('');
  const form = useMoneyForm(AMOUNT_FIELDS);
  const changeAmount = (value: string) => {
    setAmount(value);
    form.clear('amount');
  };
  const [busy, setBusy] = useState(false);
  const keys = useRef(createIdempotencyKeys()).current;

  const data = info.data;
  if (!data) {
    return (
      <section className="card">
        <QueryState pending={info.isPending} error={info.error} onRetry={() => void info.refetch()} />
      </section>
    );
  }

  const assets = data.assets;
  const asset = assets.find((a) => a.code === chosenAsset) ?? assets[0];
  const code = asset?.code ?? '';
  const available = data.accounts
    .find((a) => a.kind === from)
    ?.balances.find((b) => b.asset === code)?.available;
  const decimals = asset?.decimals ?? 8;

  const pickFrom = (next: AccountKind) => {
    if (next === to) setTo(from);
    setFrom(next);
  };
  const pickTo = (next: AccountKind) => {
    if (next === from) setFrom(to);
    setTo(next);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
  };
  const accountOptions = ACCOUNT_KINDS.map((kind) => ({ value: kind, label: t(ACCOUNT_LABELS[kind]) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !asset) return;
    const value = form.check(amountForm({ amount, decimals, available: available ?? '0' }));
    if (value === null) return;
    const idempotencyKey = keys.keyFor(`own|${from}|${to}|${code}|${value}`);
    setBusy(true);
    try {
      await moneyApi.transfer({ from, to, asset: code, amount: value, idempotencyKey });
      keys.done();
      setAmount('');
      toast(t('results.transferDone'));
      await moneyMoved();
    } catch {
      // The client toasted the reason; the same submission again reuses its key.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      <div className="transfer-accounts">
        <SelectField
          label={t('transfer.from')}
          value={from}
          options={accountOptions}
          onChange={(e) => isAccountKind(e.target.value) && pickFrom(e.target.value)}
          data-testid="transfer-from"
        />
        <button
          type="button"
          className="icon-btn swap-btn"
          onClick={swap}
          aria-label={t('transfer.swap')}
          title={t('transfer.swap')}
          data-testid="swap"
        >
          <Icon name="transfer" />
        </button>
        <SelectField
          label={t('transfer.to')}
          value={to}
          options={accountOptions}
          onChange={(e) => isAccountKind(e.target.value) && pickTo(e.target.value)}
          data-testid="transfer-to"
        />
      </div>
      <SelectField
        label={t('assets.asset')}
        value={code}
        options={assets.map((a) => ({ value: a.code, label: a.code }))}
        onChange={(e) => setAsset(e.target.value)}
        data-testid="transfer-asset"
      />
      <AmountField
        value={amount}
        error={form.errors.amount}
        onChange={changeAmount}
        onMax={() => changeAmount(maxAmount(available ?? '0', decimals))}
        asset={code}
        available={available ?? '0'}
        display={asset}
      />
      <Button type="submit" block loading={busy} data-testid="submit">
        {t('transfer.submit')}
      </Button>
    </form>
  );
}
