import type { CoinTransferInfo } from '@otc/protocol/ledger/schemas';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { useSession } from '../api/useSession.ts';
import { SECURITY_PATH } from '../app/paths.ts';
import { maxAmount } from '../money/amounts.ts';
import { moneyApi, moneyKeys } from '../money/assetsApi.ts';
import { FRESH, useMoneyMoved } from '../money/balances.ts';
import { AmountField, KeyValueRow, QueryState, SelectField } from '../money/screenParts.ts';
import { TradePasswordField } from '../money/TradePasswordField.tsx';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Field } from '../ui/Field.tsx';
import { Icon } from '../ui/Icon.tsx';
import { toast } from '../ui/toast.ts';
import '../money/money.css';
import { useMoneyForm } from '../money/useMoneyForm.ts';
import { USER_TRANSFER_FIELDS, userTransferForm } from './transferForms.ts';

type Recipient =
  | { status: 'idle' }
  | { status: 'loading'; id: string }
  | { status: 'found'; id: string; nickname: string }
  | { status: 'error'; id: string; message: string };

const USER_ID = /^\d{1,18}$/;

interface PendingTransfer {
  toUserId: string;
  nickname: string;
  asset: string;
  amount: string;
  /** The asset's display decimals: the confirmation reads as every other screen. */
  displayDecimals: number;
}

/** To another user ID, from funding, with the transaction password; it cannot be undone. */
export function UserTransfer() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isDemo = user?.kind === 'demo';
  const info = useQuery({
    queryKey: moneyKeys.coinTransferInfo,
    queryFn: () => moneyApi.coinTransferInfo(undefined, { toast: false }),
    enabled: !isDemo,
    ...FRESH,
  });
  const refused = isDemo || (isApiError(info.error) && info.error.key === 'demo_not_allowed');

  if (refused) {
    return (
      <section className="card">
        <EmptyState icon="lock" title={t('transfer.user.demoRefused')}>
          <p className="empty-state-text" data-testid="demo-refused">
            {t('transfer.user.demoHint')}
          </p>
        </EmptyState>
      </section>
    );
  }
  if (!info.data) {
    return (
      <section className="card">
        <QueryState pending={info.isPending} error={info.error} onRetry={() => void info.refetch()} />
      </section>
    );
  }
  if (!info.data.hasTradePassword) {
    return (
      <section className="card">
        <EmptyState icon="lock" title={t('common.setTradePassword')}>
          <Link to={SECURITY_PATH} className="btn btn-primary" data-testid="set-trade-password">
            {t('transfer.user.setPasswordLink')}
          </Link>
        </EmptyState>
      </section>
    );
  }
  return <UserTransferForm info={info.data} />;
}

function UserTransferForm({ info }: { info: CoinTransferInfo }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [params] = useSearchParams();
  const moneyMoved = useMoneyMoved();
  const [toUserId, setToUserId] = useState('');
  const [recipient, setRecipient] = useState<Recipient>({ status: 'idle' });
  const [chosenAsset, setAsset] = useState(params.get('asset')?.toUpperCase() ?? '');
  const [amount, setAmount] = useState('');
  // What is wrong stays under the field it concerns until that entry changes (issue #13).
  const form = useMoneyForm(USER_TRANSFER_FIELDS);
  const [tradePassword, setTradePassword] = useState('');
  const [pending, setPending] = useState<PendingTransfer | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(createIdempotencyKeys()).current;
  const latestId = useRef('');

  const balance = useMemo(
    () => info.balances.find((b) => b.asset === chosenAsset) ?? info.balances[0],
    [info.balances, chosenAsset],
  );
  const code = balance?.asset ?? '';
  const decimals = balance?.decimals ?? 8;

  /** Looks the recipient up and shows the masked nickname; answers it, or null when not found. */
  const lookUp = async (id: string): Promise<{ id: string; nickname: string } | null> => {
    if (!USER_ID.test(id)) {
      setRecipient(
        id ? { status: 'error', id, message: t('transfer.user.invalidUserId') } : { status: 'idle' },
      );
      return null;
    }
    if (recipient.status === 'found' && recipient.id === id) return recipient;
    setRecipient({ status: 'loading', id });
    try {
      const answer = await moneyApi.coinTransferInfo(id, { toast: false });
      if (latestId.current !== id) return null;
      if (!answer.recipient) {
        setRecipient({ status: 'error', id, message: t('transfer.user.notFound') });
        return null;
      }
      setRecipient({ status: 'found', id, nickname: answer.recipient.nickname });
      return answer.recipient;
    } catch (error) {
      if (latestId.current === id) {
        const message = isApiError(error) && error.msg ? error.msg : t('app.loadFailed');
        setRecipient({ status: 'error', id, message });
      }
      return null;
    }
  };

  const changeUserId = (value: string) => {
    const id = value.replace(/\D/g, '');
    latestId.current = id;
    setToUserId(id);
    if (recipient.status !== 'idle' && recipient.id !== id) setRecipient({ status: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !balance) return;
    const amountToGo = form.check(
      userTransferForm({ toUserId, amount, tradePassword, decimals, available: balance.available }),
    );
    if (amountToGo === null) return;
    const found = await lookUp(toUserId);
    if (!found) return;
    setPending({
      toUserId,
      nickname: found.nickname,
      asset: code,
      amount: amountToGo,
      displayDecimals: balance.displayDecimals,
    });
  };

  const send = async (transfer: PendingTransfer) => {
    setPending(null);
    const idempotencyKey = keys.keyFor(`user|${transfer.toUserId}|${transfer.asset}|${transfer.amount}`);
    setBusy(true);
    try {
      await moneyApi.coinTransfer(
        {
          toUserId: transfer.toUserId,
          asset: transfer.asset,
          amount: transfer.amount,
          tradePassword,
          idempotencyKey,
        },
        { toast: false },
      );
      keys.done();
      setAmount('');
      setTradePassword('');
      toast(t('results.transferDone'));
      await moneyMoved();
    } catch (error) {
      if (isApiError(error) && error.key === 'trade_password_wrong') setTradePassword('');
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className="card" onSubmit={submit} noValidate>
        <p className="notice notice-warn" data-testid="transfer-warning">
          <Icon name="shield" size={18} />
          <span>{t('transfer.user.warning')}</span>
        </p>
        <Field
          label={t('transfer.user.userId')}
          name="toUserId"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('transfer.user.userIdPlaceholder')}
          value={toUserId}
          error={form.errors.toUserId}
          onChange={(e) => {
            changeUserId(e.target.value);
            form.clear('toUserId');
          }}
          onBlur={() => void lookUp(toUserId)}
          data-testid="to-user-id"
        />
        <RecipientLine recipient={recipient} />
        <SelectField
          label={t('assets.asset')}
          value={code}
          options={info.balances.map((b) => ({ value: b.asset, label: b.asset }))}
          onChange={(e) => setAsset(e.target.value)}
          data-testid="transfer-asset"
        />
        <AmountField
          value={amount}
          error={form.errors.amount}
          onChange={(value) => {
            setAmount(value);
            form.clear('amount');
          }}
          onMax={() => {
            setAmount(maxAmount(balance?.available ?? '0', decimals));
            form.clear('amount');
          }}
          asset={code}
          available={balance?.available ?? '0'}
          display={balance}
        />
        <p className="field-hint transfer-from-funding">{t('transfer.user.fromFunding')}</p>
        <TradePasswordField
          label="transfer.user.tradePassword"
          placeholder="transfer.user.tradePasswordPlaceholder"
          value={tradePassword}
          error={form.errors.tradePassword}
          onChange={(value) => {
            setTradePassword(value);
            form.clear('tradePassword');
          }}
        />
        <Button
          type="submit"
          block
          loading={busy}
          disabled={recipient.status === 'loading'}
          data-testid="submit"
        >
          {t('transfer.submit')}
        </Button>
      </form>
      {pending && (
        <Dialog
          title={t('transfer.user.confirmTitle')}
          okText={t('actions.sendTransfer')}
          cancelText={t('actions.edit')}
          onOk={() => void send(pending)}
          onCancel={() => setPending(null)}
        >
          <div className="confirm-details" data-testid="transfer-confirm">
            <KeyValueRow label={t('transfer.user.userId')} testId="confirm-user-id">
              {pending.toUserId}
            </KeyValueRow>
            <KeyValueRow label={t('transfer.user.nickname')} testId="confirm-nickname">
              {pending.nickname}
            </KeyValueRow>
            <KeyValueRow label={t('assets.asset')} testId="confirm-asset">
              {pending.asset}
            </KeyValueRow>
            <KeyValueRow label={t('assets.amount.label')} testId="confirm-amount">
              {f.money(pending.amount, pending)} {pending.asset}
            </KeyValueRow>
            <p className="confirm-note">{t('transfer.user.irreversible')}</p>
          </div>
        </Dialog>
      )}
    </>
  );
}

function RecipientLine({ recipient }: { recipient: Recipient }) {
  const { t } = useTranslation();
  if (recipient.status === 'idle') return null;
  if (recipient.status === 'loading') {
    return <p className="recipient-line">{t('app.loading')}</p>;
  }
  if (recipient.status === 'error') {
    return (
      <p className="recipient-line recipient-error" role="alert" data-testid="recipient-error">
        {recipient.message}
      </p>
    );
  }
  return (
    <p className="recipient-line">
      <Icon name="user" size={16} />
      <span>{t('transfer.user.nickname')}</span>
      <strong data-testid="recipient-nickname">{recipient.nickname}</strong>
    </p>
  );
}
