import { parseUnits } from '@otc/core/money/decimal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeyValueRow, QueryState } from '../../money/screenParts.ts';
import { USDT_DISPLAY, useFormat } from '../../money/useFormat.ts';
import { useChainName } from '../chainName.ts';
import { reservesApi, reservesKeys } from './depositApi.ts';

/** Reserves over liabilities as a ratio of 10^-4 steps, exact; null without liabilities. */
export function reserveRatio(onChain: string, liabilities: string | undefined): number | null {
  if (liabilities === undefined) return null;
  const owed = parseUnits(liabilities);
  if (owed === 0n) return null;
  return Number((parseUnits(onChain) * 10_000n) / owed) / 10_000;
}

/**
 * Proof of reserves beside the proof of liabilities: the USDT the platform holds on chain (hot
 * wallet and deposit addresses, per chain) against the USDT users are owed in the published snapshot.
 */
export function ReservesCard({ liabilities }: { liabilities: string | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const chainName = useChainName();
  const reserves = useQuery({
    queryKey: reservesKeys.latest,
    queryFn: () => reservesApi.latest({ toast: false }),
  });
  const data = reserves.data;
  if (!data) {
    return (
      <section className="card">
        <QueryState
          icon="shield"
          pending={reserves.isPending}
          error={reserves.error}
          onRetry={() => void reserves.refetch()}
        />
      </section>
    );
  }
  const ratio = reserveRatio(data.total, liabilities);
  return (
    <section className="card" data-testid="reserves-card">
      <h2 className="card-title">{t('funding.reserves.title')}</h2>
      <p className="field-hint">{t('funding.reserves.hint')}</p>
      <KeyValueRow label={t('funding.reserves.onChain')} testId="reserves-total">
        {f.money(data.total, USDT_DISPLAY)} {data.asset}
      </KeyValueRow>
      <KeyValueRow label={t('funding.reserves.liabilities')} testId="reserves-liabilities">
        {liabilities === undefined ? '—' : `${f.money(liabilities, USDT_DISPLAY)} ${data.asset}`}
      </KeyValueRow>
      <KeyValueRow label={t('funding.reserves.ratio')} testId="reserves-ratio">
        {ratio === null ? '—' : f.percent(ratio)}
      </KeyValueRow>
      {data.chains.map((c) => (
        <KeyValueRow
          key={c.chainId}
          label={chainName(c.chainId, c.name)}
          testId={`reserves-chain-${c.chainId}`}
        >
          {c.error
            ? t('funding.reserves.unavailable')
            : t('funding.reserves.split', {
                hot: f.money(c.hotWallet, USDT_DISPLAY),
                deposits: f.money(c.depositAddresses, USDT_DISPLAY),
              })}
        </KeyValueRow>
      ))}
      <KeyValueRow label={t('funding.reserves.at')}>{f.time(data.at)}</KeyValueRow>
    </section>
  );
}
