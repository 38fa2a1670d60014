import type { AccountLogEntry, AssetInfo, AssetsOverview } from '@otc/protocol/ledger/schemas';
import { Suspense, use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { JournalLabels } from '../app/area.ts';
import { TRANSFER_PATH } from '../app/paths.ts';
import { useAreas } from '../app/useAreas.ts';
import { ACCOUNT_KINDS, ACCOUNT_LABELS, type AccountKind, isAccountKind } from '../money/amounts.ts';
import { moneyApi, moneyKeys } from '../money/assetsApi.ts';
import { useOverview } from '../money/balances.ts';
import { KeyValueRow, QueryState, SelectField } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { useLiveMoney } from '../money/useLiveMoney.ts';
import { InfiniteList } from '../ui/InfiniteList.tsx';
import { DelayedSpinner } from '../ui/Spinner.tsx';
import { detailAssets } from './detailChoice.ts';
import { JournalGroupRow } from './JournalGroupRow.tsx';
import { groupJournal, type JournalGroup } from './journalKinds.ts';
import '../money/money.css';

/**
 * `/pages/assets/zhanghuDetail?account=funding&asset=USDT`: one asset of one account and its
 * balance history. Pickers choose both (the URL keeps the choice); without an asset, the first
 * the account holds.
 */
export default function AccountDetailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('account');
  const account: AccountKind = isAccountKind(requested) ? requested : 'funding';
  const overview = useOverview();
  useLiveMoney();
  // Asked for now, beside the balances: the history below waits for them.
  const labels = useAreas().journalLabels();
  const data = overview.data;
  const asked = params.get('asset')?.trim().toUpperCase() || undefined;
  const offered = data
    ? detailAssets(
        asked,
        data.accounts.find((a) => a.kind === account),
        data.assets,
      )
    : [];
  const asset = asked && offered.includes(asked) ? asked : offered[0];
  const info = data?.assets.find((a) => a.code === asset);
  const choose = (next: { account?: AccountKind; asset?: string }) =>
    setParams(
      (current) => {
        const url = new URLSearchParams(current);
        if (next.account) {
          url.set('account', next.account);
          url.delete('asset');
        }
        if (next.asset) url.set('asset', next.asset);
        return url;
      },
      { replace: true },
    );
  // The default asset goes into the URL too, so going back and forth keeps it.
  useEffect(() => {
    if (asset && params.get('asset') !== asset)
      setParams(
        (current) => {
          const url = new URLSearchParams(current);
          url.set('asset', asset);
          return url;
        },
        { replace: true },
      );
  }, [asset, params, setParams]);

  if (!data || !asset) {
    return (
      <div className="page-pad">
        <QueryState
          pending={overview.isPending}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      </div>
    );
  }
  return (
    <div className="page-pad stack">
      <section className="card">
        <div className="detail-pickers">
          <SelectField
            label={t('assets.accountDetail.pickAccount')}
            value={account}
            onChange={(e) => isAccountKind(e.target.value) && choose({ account: e.target.value })}
            options={ACCOUNT_KINDS.map((kind) => ({ value: kind, label: t(ACCOUNT_LABELS[kind]) }))}
            data-testid="detail-account"
          />
          <SelectField
            label={t('assets.accountDetail.pickAsset')}
            value={asset}
            onChange={(e) => choose({ asset: e.target.value })}
            options={offered.map((code) => ({ value: code, label: code }))}
            data-testid="detail-asset"
          />
        </div>
        <AssetBalance account={account} asset={asset} info={info} data={data} />
        <Link
          className="btn btn-secondary btn-block detail-action"
          to={`${TRANSFER_PATH}?${new URLSearchParams({ from: account, asset })}`}
          data-testid="detail-transfer"
        >
          {t('assets.accountDetail.transfer')}
        </Link>
      </section>
      <h2 className="section-title">{t('assets.journal.title')}</h2>
      <Suspense fallback={<DelayedSpinner />}>
        <BalanceHistory account={account} asset={asset} info={info} labels={labels} />
      </Suspense>
    </div>
  );
}

/** The asset's balance history, once every area's journal labels have loaded. */
function BalanceHistory({
  account,
  asset,
  info,
  labels,
}: {
  account: AccountKind;
  asset: string;
  info: AssetInfo | undefined;
  labels: Promise<JournalLabels>;
}) {
  const loaded = use(labels);
  return (
    <InfiniteList<AccountLogEntry, JournalGroup>
      queryKey={moneyKeys.accountLog(account, asset)}
      fetchPage={(page, size) => moneyApi.accountLog(account, asset, page, size)}
      arrange={(entries) => groupJournal(entries, loaded)}
      itemKey={(group) => group.key}
      emptyIcon="clock"
      renderItem={(group) => <JournalGroupRow group={group} asset={info} labels={loaded} />}
    />
  );
}

function AssetBalance({
  account,
  asset,
  info,
  data,
}: {
  account: AccountKind;
  asset: string;
  info: AssetInfo | undefined;
  data: AssetsOverview;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const balance = data.accounts.find((a) => a.kind === account)?.balances.find((b) => b.asset === asset);
  const zero = '0';
  return (
    <div className="detail-balance">
      <div className="detail-available" data-testid="detail-available">
        {f.money(balance?.available ?? zero, info)}
      </div>
      <div className="detail-available-label">{t('assets.overview.available')}</div>
      <KeyValueRow label={t('assets.overview.frozen')} testId="detail-frozen">
        {f.money(balance?.frozen ?? zero, info)}
      </KeyValueRow>
      <KeyValueRow label={t('assets.overview.total')} testId="detail-total">
        {f.money(balance?.total ?? zero, info)}
      </KeyValueRow>
      <KeyValueRow label={t('assets.overview.valuation')}>
        ≈ {f.usdt(balance?.valueUsdt ?? zero)} USDT
      </KeyValueRow>
    </div>
  );
}
