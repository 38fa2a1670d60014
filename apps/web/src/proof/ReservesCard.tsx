import { summarizeReserves } from '@otc/core/proof/reserves';
import type { ProofSnapshot } from '@otc/protocol/proof/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useChainName } from '../cashier/screens.ts';
import { moneyApi, moneyKeys } from '../money/assetsApi.ts';
import { useAssetInfo } from '../money/balances.ts';
import { KeyValueRow, QueryState } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';

const short = (a: string) => `${a.slice(0, 8)}…${a.slice(-6)}`;

/**
 * Proof of reserves beside the liabilities (decision 0141): the addresses that signed this
 * snapshot, each signature checked here in the browser (core `summarizeReserves`), and per asset
 * the signed balances against what users are owed. Only verified signatures count.
 */
export function ReservesCard({ snapshot }: { snapshot: ProofSnapshot }) {
  const { t } = useTranslation();
  const f = useFormat();
  const assetInfo = useAssetInfo();
  const chainName = useChainName();
  const reserves = useQuery({
    queryKey: moneyKeys.proofReserves,
    queryFn: () => moneyApi.proofReserves({ toast: false }),
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
  const forThis = data.snapshotId === snapshot.id ? data.addresses : [];
  const summary = summarizeReserves(snapshot, forThis);
  return (
    <section className="card" data-testid="reserves-card">
      <h2 className="card-title">{t('proof.reserves.title')}</h2>
      <p className="field-hint">{t('proof.reserves.hint')}</p>
      {summary.rows.length === 0 && <p className="field-hint">{t('proof.reserves.none')}</p>}
      {summary.assets.map((a) => (
        <div key={a.asset} data-testid={`reserves-asset-${a.asset}`}>
          <KeyValueRow
            label={t('proof.reserves.signed', { asset: a.asset })}
            testId={`reserves-signed-${a.asset}`}
          >
            {f.money(a.signed, assetInfo(a.asset))}
          </KeyValueRow>
          <KeyValueRow label={t('proof.reserves.liabilities', { asset: a.asset })}>
            {f.money(a.liabilities, assetInfo(a.asset))}
          </KeyValueRow>
          <KeyValueRow label={t('proof.reserves.ratio')} testId={`reserves-ratio-${a.asset}`}>
            {a.ratio === null ? '—' : f.percent(a.ratio)}
          </KeyValueRow>
        </div>
      ))}
      <ul className="proof-reserves">
        {summary.rows.map((r) => (
          <li
            key={`${r.chainId}-${r.address}`}
            data-testid="reserves-address"
            data-verified={String(r.verified)}
          >
            <div className="proof-reserves-head">
              <span>{t(r.kind === 'hot' ? 'proof.reserves.hot' : 'proof.reserves.deposit')}</span>
              <span>
                {f.money(r.balance, assetInfo(r.asset))} {r.asset}
              </span>
            </div>
            <code className="proof-hash">{short(r.address)}</code>
            <div className="field-hint">
              {t('proof.reserves.block', { chain: chainName(r.chainId, r.chainName), block: r.block })} ·{' '}
              {r.verified === true
                ? t('proof.reserves.verified')
                : r.verified === false
                  ? t('proof.reserves.notVerified')
                  : t('proof.reserves.unsigned')}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
