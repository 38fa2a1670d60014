import type { WithdrawInfo } from '@otc/protocol/cashier/withdrawal/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { createIdempotencyKeys } from '../../api/idempotency.ts';
import { useSession } from '../../api/useSession.ts';
import { SECURITY_PATH } from '../../app/paths.ts';
import { maxAmount } from '../../money/amounts.ts';
import { FRESH, useMoneyMoved } from '../../money/balances.ts';
import { AmountField, KeyValueRow, QueryState, SelectField } from '../../money/screenParts.ts';
import { TradePasswordField } from '../../money/TradePasswordField.tsx';
import { USDT_DISPLAY, useFormat } from '../../money/useFormat.ts';
import { useMoneyForm } from '../../money/useMoneyForm.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { codeAsked, TotpCodeDialog } from '../../ui/TotpCodeDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useChainName } from '../chainName.ts';
import { useLiveWithdrawals, writeWithdrawal } from './useLiveWithdrawals.ts';
import { withdrawAddress } from './withdrawAddress.ts';
import { withdrawalKeys, withdrawalsApi } from './withdrawalsApi.ts';
import { USDT_DECIMALS, WITHDRAW_FIELDS, withdrawForm } from './withdrawForm.ts';
import '../../money/money.css';
import './withdrawals.css';

const WITHDRAW_LIST_PATH = '/pages/assets/tibiList';
const ADDRESS_LIST_PATH = '/pages/assets/tibidizhi';

/** `tibi`: USDT to an address from the book or a new one, with the fee and what arrives shown first. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const demo = user?.kind === 'demo';
  useLiveWithdrawals();
  const info = useQuery({
    queryKey: withdrawalKeys.info,
    queryFn: withdrawalsApi.info,
    enabled: !demo,
    ...FRESH,
  });
  if (demo || info.data?.demo) {
    return (
      <div className="page-pad">
        <EmptyState icon="lock" title={t('funding.withdraw.demoRefused')} />
      </div>
    );
  }
  if (!info.data) {
    return (
      <div className="page-pad">
        <QueryState pending={info.isPending} error={info.error} onRetry={() => void info.refetch()} />
      </div>
    );
  }
  if (!info.data.hasTradePassword) {
    return (
      <div className="page-pad">
        <EmptyState icon="lock" title={t('common.setTradePassword')}>
          <Link to={SECURITY_PATH} className="btn btn-primary" data-testid="set-trade-password">
            {t('funding.withdraw.setPasswordLink')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  return <WithdrawForm info={info.data} />;
}

function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const chainName = useChainName();
  const navigate = useNavigate();
  const moneyMoved = useMoneyMoved();
  const f = useFormat();
  const form = useMoneyForm(WITHDRAW_FIELDS, f.usdt);
  const [chainId, setChainId] = useState(info.chains[0]?.chainId ?? 0);
  // null until the user picks or types one: then the first saved address is used (withdrawAddress.ts).
  const [chosen, setChosen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [tradePassword, setTradePassword] = useState('');
  const [confirming, setConfirming] = useState<{ amount: string; received: string } | null>(null);
  // Two-factor on: the confirmed withdrawal waits for the authenticator's code (decision 0158).
  const [verifying, setVerifying] = useState<{ amount: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Set before the first await: a second press of "Withdraw now" meanwhile sends nothing.
  const sending = useRef(false);
  const client = useQueryClient();
  const keys = useRef(createIdempotencyKeys()).current;
  const book = useQuery({
    queryKey: withdrawalKeys.addresses(''),
    queryFn: () => withdrawalsApi.addresses(''),
  });
  const chain = info.chains.find((c) => c.chainId === chainId);
  const saved = useMemo(
    () => (book.data?.items ?? []).filter((e) => e.chainId === chainId),
    [book.data, chainId],
  );
  const address = withdrawAddress(chosen, saved);
  const checked = withdrawForm({
    address,
    amount,
    tradePassword,
    available: info.available,
    minimum: chain?.minimum ?? '0',
    fee: chain?.fee ?? '0',
  });

  if (!chain) return <EmptyState icon="withdraw" title={t('funding.withdraw.noChain')} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const ready = form.check(checked);
    if (ready) setConfirming(ready);
  };

  /** Sends the confirmed withdrawal; a refusal is thrown to the caller (the form or the code box). */
  const request = async (pending: { amount: string }, totpCode?: string) => {
    if (sending.current) return;
    sending.current = true;
    const idempotencyKey = keys.keyFor(`${chainId}|${address.trim()}|${pending.amount}`);
    setBusy(true);
    try {
      const record = await withdrawalsApi.withdraw({
        chainId,
        address: address.trim(),
        amount: pending.amount,
        tradePassword,
        idempotencyKey,
        ...(totpCode ? { totpCode } : {}),
      });
      keys.done();
      setVerifying(null);
      // The records show it at once, whether or not they were loaded before (they may be cached).
      writeWithdrawal(client, record);
      await client.invalidateQueries({ queryKey: withdrawalKeys.list, exact: true });
      toast(t('funding.withdraw.submitted'));
      await moneyMoved();
      void navigate(WITHDRAW_LIST_PATH);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  /** A refusal of the form's entries: under the field it concerns. */
  const refused = (error: unknown) => {
    setVerifying(null);
    if (isApiError(error) && error.key === 'trade_password_wrong') setTradePassword('');
    form.fail(error);
  };

  const send = (pending: { amount: string }) => {
    setConfirming(null);
    if (info.totpRequired) setVerifying(pending);
    else
      request(pending).catch((error: unknown) => (codeAsked(error) ? setVerifying(pending) : refused(error)));
  };

  return (
    <>
      <form className="page-pad stack" onSubmit={submit} noValidate>
        <section className="card stack">
          <SelectField
            label={t('funding.withdraw.chain')}
            value={String(chainId)}
            options={info.chains.map((c) => ({
              value: String(c.chainId),
              label: chainName(c.chainId, c.name),
            }))}
            error={form.errors.chainId}
            onChange={(e) => {
              setChainId(Number(e.target.value));
              // Another chain's saved addresses: start on its first one again.
              setChosen(null);
            }}
            data-testid="withdraw-chain"
          />
          {saved.length > 0 && (
            <SelectField
              label={t('funding.withdraw.fromBook')}
              value={saved.find((e) => e.address === address)?.id ?? ''}
              options={[
                { value: '', label: t('funding.withdraw.newAddress') },
                ...saved.map((e) => ({
                  value: e.id,
                  label: e.remark ? `${e.remark} · ${e.address}` : e.address,
                })),
              ]}
              onChange={(e) => {
                setChosen(saved.find((s) => s.id === e.target.value)?.address ?? '');
                form.clear('address');
              }}
              data-testid="withdraw-book"
            />
          )}
          <Field
            label={t('funding.withdraw.address')}
            name="address"
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            value={address}
            error={form.errors.address}
            onChange={(e) => {
              setChosen(e.target.value);
              form.clear('address');
            }}
            data-testid="withdraw-address"
          />
          <Link to={ADDRESS_LIST_PATH} className="field-hint" data-testid="withdraw-address-book">
            {t('funding.withdraw.manageBook')}
          </Link>
          <AmountField
            value={amount}
            error={form.errors.amount}
            onChange={(value) => {
              setAmount(value);
              form.clear('amount');
            }}
            onMax={() => {
              setAmount(maxAmount(info.available, USDT_DECIMALS));
              form.clear('amount');
            }}
            asset={info.asset}
            available={info.available}
            display={USDT_DISPLAY}
          />
          <KeyValueRow label={t('funding.withdraw.minimum')} testId="withdraw-minimum">
            {f.usdt(chain.minimum)} {info.asset}
          </KeyValueRow>
          <KeyValueRow label={t('funding.withdraw.fee')} testId="withdraw-fee">
            {f.usdt(chain.fee)} {info.asset}
          </KeyValueRow>
          <KeyValueRow label={t('funding.withdraw.received')} testId="withdraw-received">
            {f.usdt(checked.summary.received)} {info.asset}
          </KeyValueRow>
          <p className="field-hint" data-testid="withdraw-review-note">
            {t('funding.withdraw.reviewNote', { threshold: f.usdt(info.reviewThreshold) })}
          </p>
          <TradePasswordField
            value={tradePassword}
            error={form.errors.tradePassword}
            onChange={(value) => {
              setTradePassword(value);
              form.clear('tradePassword');
            }}
          />
        </section>
        <Button type="submit" block loading={busy} data-testid="withdraw-submit">
          {t('funding.withdraw.submit')}
        </Button>
      </form>
      {confirming && (
        <Dialog
          title={t('funding.withdraw.confirmTitle')}
          okText={t('funding.withdraw.confirm')}
          cancelText={t('actions.edit')}
          onOk={() => send(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <div className="confirm-details" data-testid="withdraw-confirm">
            <KeyValueRow label={t('funding.withdraw.chain')}>
              {chainName(chain.chainId, chain.name)}
            </KeyValueRow>
            <KeyValueRow label={t('funding.withdraw.address')} testId="confirm-address">
              <span className="address-text">{address.trim()}</span>
            </KeyValueRow>
            <KeyValueRow label={t('funding.withdraw.amount')} testId="confirm-amount">
              {f.usdt(confirming.amount)} {info.asset}
            </KeyValueRow>
            <KeyValueRow label={t('funding.withdraw.fee')}>
              {f.usdt(chain.fee)} {info.asset}
            </KeyValueRow>
            <KeyValueRow label={t('funding.withdraw.received')} testId="confirm-received">
              {f.usdt(confirming.received)} {info.asset}
            </KeyValueRow>
          </div>
        </Dialog>
      )}
      {verifying && (
        <TotpCodeDialog
          submit={(code) => request(verifying, code)}
          onCancel={() => setVerifying(null)}
          onRefused={refused}
        />
      )}
    </>
  );
}
