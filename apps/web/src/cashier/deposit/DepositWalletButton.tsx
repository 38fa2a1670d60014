import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '../../i18n/format.ts';
import { useFormat } from '../../money/useFormat.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import type { DepositOutcome } from '../../wallet/index.ts';
import './deposit-wallet.css';

export interface DepositWalletButtonProps {
  chainId: number;
  /** The user's own deposit address on that chain, from the server. */
  address: string;
  /** The chain's USDT contract. */
  token: string;
  /** The decimals the server knows for the token: a wallet whose contract reports others is stopped. */
  decimals?: number;
  onSent?: (hash: string) => void;
}

type Shown = { tone: 'ok' | 'error'; text: string; hash?: string };

/**
 * Pays a deposit from the browser wallet (PRODUCT.md "Deposits", invariant 2): an exact-amount USDT
 * transfer to the user's own deposit address, confirmed in the wallet; never an allowance. The
 * wallet module loads on the first press only.
 */
export function DepositWalletButton({ chainId, address, token, decimals, onSent }: DepositWalletButtonProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);

  const pay = async () => {
    setAmountError(undefined);
    setShown(null);
    if (!amount.trim()) {
      setAmountError(t('funding.wallet.amountEnter'));
      return;
    }
    setBusy(true);
    try {
      const wallet = await import('../../wallet/index.ts');
      const found = await wallet.findProvider();
      if (!found) {
        setShown({ tone: 'error', text: t('funding.wallet.noWallet') });
        return;
      }
      const outcome = await wallet.depositFromWallet(found.provider, {
        chainId,
        to: address,
        token,
        decimals,
        amount,
      });
      if (outcome.status === 'amount') setAmountError(amountText(outcome, t, f.usdt));
      else if (outcome.status === 'sent') {
        setShown({
          tone: 'ok',
          text: t('funding.wallet.sent', {
            // What was sent, every place of it (a display cut would under-state it), in the language's shape.
            amount: displayAmount(amount.trim(), f.lang, { decimals: decimals ?? 18, minDecimals: 2 }),
          }),
          hash: outcome.hash,
        });
        onSent?.(outcome.hash);
      } else setShown({ tone: 'error', text: refusalText(outcome, chainId, t) });
    } catch (error) {
      setShown({ tone: 'error', text: t('funding.wallet.failed', { reason: String(error) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="deposit-wallet" data-testid="deposit-wallet">
      <Field
        label={t('funding.wallet.amount')}
        name="walletAmount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('funding.wallet.amountPlaceholder')}
        value={amount}
        error={amountError}
        hint={t('funding.wallet.exactHint')}
        onChange={(e) => {
          setAmount(e.target.value);
          setAmountError(undefined);
        }}
      />
      <Button block loading={busy} onClick={() => void pay()} data-testid="wallet-transfer">
        <Icon name="wallet" size={18} /> {t('funding.wallet.pay')}
      </Button>
      <div role="status" aria-live="polite">
        {shown && (
          <p
            className={`deposit-wallet-outcome deposit-wallet-${shown.tone}`}
            data-testid="wallet-transfer-status"
          >
            {shown.text}
            {shown.hash && (
              <span className="deposit-wallet-hash" data-testid="wallet-transfer-hash">
                {shown.hash}
              </span>
            )}
          </p>
        )}
      </div>
    </div>
  );
}

function amountText(
  outcome: Extract<DepositOutcome, { status: 'amount' }>,
  t: TFunction,
  usdt: (value: string) => string,
): string {
  switch (outcome.problem) {
    case 'invalid':
      return t('funding.wallet.amountInvalid');
    case 'zero':
      return t('funding.wallet.amountZero');
    case 'too_precise':
      return t('funding.wallet.decimalsMax', { places: outcome.decimals });
    case 'insufficient':
      return t('funding.wallet.insufficient', { amount: usdt(outcome.balance ?? '0') });
  }
}

function refusalText(
  outcome: Exclude<DepositOutcome, { status: 'amount' } | { status: 'sent' }>,
  chain: number,
  t: TFunction,
): string {
  switch (outcome.status) {
    case 'switch-declined':
      return t('funding.wallet.switchDeclined', { chain });
    case 'unknown-chain':
      return t('funding.wallet.unknownChain', { chain });
    case 'switch-refused':
      return t('funding.wallet.switchRefused', { chain, reason: outcome.reason });
    case 'decimals-differ':
      return t('funding.wallet.failed', {
        reason: t('funding.wallet.decimalsDiffer', { chain: outcome.chain, server: outcome.server }),
      });
    case 'error':
      return t('funding.wallet.failed', { reason: outcome.reason });
  }
}
