import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { Icon } from '../ui/Icon.tsx';
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

type Outcome = { tone: 'ok' | 'error'; text: string; hash?: string };

/**
 * Pays a deposit from the browser wallet (PRODUCT.md "Deposits", invariant 2): an exact-amount USDT
 * transfer to the user's own deposit address, confirmed in the wallet; never an allowance. The
 * wallet module loads on the first press only.
 */
export function DepositWalletButton({ chainId, address, token, decimals, onSent }: DepositWalletButtonProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const pay = async () => {
    setAmountError(undefined);
    setOutcome(null);
    if (!amount.trim()) {
      setAmountError(t('funding.wallet.amountEnter'));
      return;
    }
    setBusy(true);
    const wallet = await import('../wallet/index.ts');
    const failed = (reason: string) =>
      setOutcome({ tone: 'error', text: t('funding.wallet.failed', { reason }) });
    try {
      const found = await wallet.findProvider();
      if (!found) {
        setOutcome({ tone: 'error', text: t('funding.wallet.noWallet') });
        return;
      }
      const from = await wallet.connectAccount(found.provider);
      const switched = await wallet.switchChain(found.provider, chainId);
      if (switched.status !== 'on-chain') {
        setOutcome({ tone: 'error', text: switchRefusal(switched, chainId, t) });
        return;
      }
      const balance = await wallet.readTokenBalance(found.provider, token, from);
      if (decimals !== undefined && decimals !== balance.decimals) {
        failed(t('funding.wallet.decimalsDiffer', { chain: balance.decimals, server: decimals }));
        return;
      }
      let units: bigint;
      try {
        units = wallet.toUnits(amount, balance.decimals);
      } catch (error) {
        const tooPrecise = error instanceof wallet.AmountError && error.reason === 'too_precise';
        setAmountError(
          tooPrecise
            ? t('funding.wallet.decimalsMax', { places: balance.decimals })
            : t('funding.wallet.amountInvalid'),
        );
        return;
      }
      if (units === 0n) setAmountError(t('funding.wallet.amountZero'));
      else if (units > balance.units)
        setAmountError(t('funding.wallet.insufficient', { amount: balance.amount }));
      else {
        const result = await wallet.sendTokenTransfer(found.provider, { from, token, to: address, units });
        if (result.status === 'error') failed(result.reason);
        else {
          setOutcome({ tone: 'ok', text: t('funding.wallet.sent', { amount }), hash: result.hash });
          onSent?.(result.hash);
        }
      }
    } catch (error) {
      failed(wallet.errorReason(error));
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
        {outcome && (
          <p
            className={`deposit-wallet-outcome deposit-wallet-${outcome.tone}`}
            data-testid="wallet-transfer-status"
          >
            {outcome.text}
            {outcome.hash && (
              <span className="deposit-wallet-hash" data-testid="wallet-transfer-hash">
                {outcome.hash}
              </span>
            )}
          </p>
        )}
      </div>
    </div>
  );
}

function switchRefusal(
  result: { status: 'rejected' } | { status: 'unknown-chain' } | { status: 'refused'; reason: string },
  chain: number,
  t: TFunction,
): string {
  if (result.status === 'rejected') return t('funding.wallet.switchDeclined', { chain });
  if (result.status === 'unknown-chain') return t('funding.wallet.unknownChain', { chain });
  return t('funding.wallet.switchRefused', { chain, reason: result.reason });
}
