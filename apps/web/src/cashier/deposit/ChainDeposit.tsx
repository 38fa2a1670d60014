import type { DepositAddress } from '@otc/protocol/cashier/deposit/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { KeyValueRow, QueryState } from '../../money/screenParts.ts';
import { useFormat } from '../../money/useFormat.ts';
import { Button } from '../../ui/Button.tsx';
import { copyText } from '../../ui/copyText.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { toast } from '../../ui/toast.ts';
import { useChainName } from '../chainName.ts';
import { DepositWalletButton } from './DepositWalletButton.tsx';
import { depositApi, depositKeys } from './depositApi.ts';

/** The chain tab of the deposit page: coin, chain chips, the address with its QR code, the rules. */
export function ChainDeposit() {
  const { t } = useTranslation();
  const [chainId, setChainId] = useState<number | undefined>(undefined);
  const address = useQuery({
    queryKey: depositKeys.address(chainId),
    queryFn: () => depositApi.address(chainId, { toast: false }),
    retry: false,
  });
  if (isApiError(address.error) && address.error.key === 'deposit_demo') {
    return (
      <section className="card">
        <EmptyState icon="deposit" title={address.error.msg} />
      </section>
    );
  }
  if (!address.data) {
    return (
      <section className="card">
        <QueryState
          icon="deposit"
          pending={address.isPending}
          error={address.error}
          onRetry={() => void address.refetch()}
        />
      </section>
    );
  }
  return <AddressCard info={address.data} onChain={setChainId} label={t('funding.chain.chains')} />;
}

function AddressCard({
  info,
  onChain,
  label,
}: {
  info: DepositAddress;
  onChain: (id: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const chainName = useChainName();
  return (
    <section className="card stack deposit-card" aria-labelledby="deposit-coin">
      <KeyValueRow label={t('funding.chain.coin')} testId="deposit-coin">
        <span id="deposit-coin">{info.coin}</span>
      </KeyValueRow>
      <fieldset className="deposit-chips">
        <legend className="visually-hidden">{label}</legend>
        {info.chains.map((c) => (
          <button
            key={c.chainId}
            type="button"
            aria-pressed={c.chainId === info.chainId}
            className="deposit-chip"
            data-testid={`deposit-chain-${c.chainId}`}
            onClick={() => onChain(c.chainId)}
          >
            {chainName(c.chainId, c.name)}
          </button>
        ))}
      </fieldset>
      <QrCode text={info.address} label={t('funding.chain.qr')} testId="deposit-qr" />
      <p className="deposit-address" data-testid="deposit-address">
        {info.address}
      </p>
      <Button
        variant="secondary"
        onClick={async () =>
          toast((await copyText(info.address)) ? t('common.copied') : t('common.copyFailed'))
        }
        data-testid="deposit-copy"
      >
        {t('funding.chain.copy')}
      </Button>
      <DepositWalletButton
        chainId={info.chainId}
        address={info.address}
        token={info.token}
        decimals={info.decimals}
      />
      <KeyValueRow label={t('funding.chain.minimum')} testId="deposit-minimum">
        {f.usdt(info.minimum)} {info.coin}
      </KeyValueRow>
      <KeyValueRow label={t('funding.chain.confirmations')} testId="deposit-confirmations">
        {info.confirmations}
      </KeyValueRow>
      <p className="deposit-hint">
        {t('funding.chain.hint', { minimum: f.usdt(info.minimum), coin: info.coin })}
      </p>
    </section>
  );
}
