import type { AccountLogEntry } from '@otc/protocol/ledger/schemas';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TRANSFER_PATH } from '../app/paths.ts';
import { ACCOUNT_LABELS, type AccountKind, isAccountKind } from '../money/amounts.ts';
import { moneyApi, moneyKeys } from '../money/assetsApi.ts';
import { useOverview } from '../money/balances.ts';
import { KeyValueRow, QueryState, SignedAmount } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { useLiveMoney } from '../money/useLiveMoney.ts';
import { InfiniteList } from '../ui/InfiniteList.tsx';
import { journalKindKey } from './journalKinds.ts';
import '../money/money.css';

/** `/pages/assets/zhanghuDetail?account=funding&asset=USDT`: one asset of one account and its journal. */
export default function AccountDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('account');
  const account: AccountKind = isAccountKind(requested) ? requested : 'funding';
  const asset = params.get('asset')?.trim().toUpperCase() || undefined;
  const overview = useOverview();
  useLiveMoney();
  const decimals = overview.data?.assets.find((a) => a.code === asset)?.decimals;

  return (
    <div className="page-pad stack">
      <section className="card">
        <div className="detail-head">
          <span className="detail-account" data-testid="detail-account">
            {t(ACCOUNT_LABELS[account])}
          </span>
          {asset && (
            <span className="detail-asset" data-testid="detail-asset">
              {asset}
            </span>
          )}
        </div>
        {asset && <AssetBalance account={account} asset={asset} overview={overview} />}
        <Link
          className="btn btn-secondary btn-block detail-action"
          to={`${TRANSFER_PATH}?${new URLSearchParams({ from: account, ...(asset ? { asset } : {}) })}`}
          data-testid="detail-transfer"
        >
          {t('assets.accountDetail.transfer')}
        </Link>
      </section>
      <h2 className="section-title">{t('assets.journal.title')}</h2>
      <InfiniteList<AccountLogEntry>
        queryKey={moneyKeys.accountLog(account, asset)}
        fetchPage={(page, size) => moneyApi.accountLog(account, asset, page, size)}
        itemKey={(entry) => entry.id}
        emptyIcon="clock"
        renderItem={(entry) => <JournalRow entry={entry} decimals={decimals} />}
      />
    </div>
  );
}

function AssetBalance({
  account,
  asset,
  overview,
}: {
  account: AccountKind;
  asset: string;
  overview: ReturnType<typeof useOverview>;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const data = overview.data;
  if (!data) {
    return (
      <QueryState
        pending={overview.isPending}
        error={overview.error}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const balance = data.accounts.find((a) => a.kind === account)?.balances.find((b) => b.asset === asset);
  const decimals = data.assets.find((a) => a.code === asset)?.decimals;
  const zero = '0';
  return (
    <div className="detail-balance">
      <div className="detail-available" data-testid="detail-available">
        {f.amount(balance?.available ?? zero, decimals)}
      </div>
      <div className="detail-available-label">{t('assets.overview.available')}</div>
      <KeyValueRow label={t('assets.overview.frozen')} testId="detail-frozen">
        {f.amount(balance?.frozen ?? zero, decimals)}
      </KeyValueRow>
      <KeyValueRow label={t('assets.overview.total')} testId="detail-total">
        {f.amount(balance?.total ?? zero, decimals)}
      </KeyValueRow>
      <KeyValueRow label={t('assets.overview.valuation')}>
        ≈ {f.usdt(balance?.valueUsdt ?? zero)} USDT
      </KeyValueRow>
    </div>
  );
}

function JournalRow({ entry, decimals }: { entry: AccountLogEntry; decimals: number | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const key = journalKindKey(entry.kind);
  return (
    <div className="record" data-testid="record-row">
      <div className="record-main">
        <span className="record-title" data-testid="record-kind">
          {key ? t(key) : entry.kind}
          {entry.field === 'frozen' && <span className="tag-soft">{t('assets.overview.frozen')}</span>}
        </span>
        <span className="record-sub">{f.time(entry.createdAt)}</span>
      </div>
      <SignedAmount amount={entry.amount} asset={entry.asset} decimals={decimals} testId="record-amount" />
    </div>
  );
}
