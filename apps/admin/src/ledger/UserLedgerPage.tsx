import { formatAssetAmount } from '@otc/core/asset-amount';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link, useParams } from 'react-router';
import { adminApi, PAGE_SIZE, queryKeys } from '../api/admin.ts';
import { texts } from '../texts.ts';
import { ErrorAlert, TableMessage } from '../ui/Alert.tsx';
import { amountClass, formatTime, isZeroAmount } from '../ui/format.ts';
import { ListBody } from '../ui/ListBody.tsx';
import { TableWrap } from '../ui/TableWrap.tsx';
import { useListParams } from '../ui/useListParams.ts';
import { AdjustmentForm } from './AdjustmentForm.tsx';
import { ledgerTexts } from './texts.ts';

const t = ledgerTexts.userLedger;
const BALANCE_COLUMNS = 5;
const NO_FILTERS: readonly never[] = [];

const accountLabel = (kind: string) => ledgerTexts.accounts[kind] ?? kind;

export function UserLedgerPage() {
  const { id = '' } = useParams();
  const userId = /^\d{1,18}$/.test(id) ? id : null;

  if (!userId) {
    return (
      <section className="page">
        <header className="page-header">
          <h1>{t.title(id)}</h1>
        </header>
        <div className="alert alert-error" role="alert">
          {t.invalidUser}
        </div>
        <Link to="/users">{t.back}</Link>
      </section>
    );
  }
  return <UserLedger key={userId} userId={userId} />;
}

function UserLedger({ userId }: { userId: string }) {
  const { page, setPage } = useListParams(NO_FILTERS);

  const balances = useQuery({
    queryKey: [...queryKeys.ledgerBalances, userId],
    queryFn: ({ signal }) => adminApi.ledgerBalances(userId, signal),
  });

  const journal = useQuery({
    queryKey: [...queryKeys.ledgerJournal, userId, { page }],
    queryFn: ({ signal }) => adminApi.ledgerJournal({ userId, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  const overview = balances.data;
  const entries = journal.data?.items ?? [];

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <Link to="/users" className="back-link">
            {t.back}
          </Link>
          <h1 className="title-with-badge">
            {t.title(userId)}
            {overview && (
              <span className={`badge badge-${overview.realm}`} title={t.realm} data-testid="ledger-realm">
                {ledgerTexts.realms[overview.realm] ?? overview.realm}
              </span>
            )}
          </h1>
          {overview && (
            <p className="muted" data-testid="ledger-total">
              {t.totalValue(overview.totalUsdt)}
            </p>
          )}
        </div>
        <div className="toolbar-end">
          <button
            type="button"
            className="btn"
            onClick={() => {
              void balances.refetch();
              void journal.refetch();
            }}
            disabled={balances.isFetching || journal.isFetching}
          >
            {balances.isFetching || journal.isFetching ? texts.common.loading : texts.common.refresh}
          </button>
        </div>
      </header>

      <div className="split section">
        <div className="split-main">
          <h2>{t.balancesTitle}</h2>
          <p className="muted small section-hint">{t.balancesHint}</p>
          {balances.isError && <ErrorAlert error={balances.error} onRetry={() => balances.refetch()} />}
          <BalancesTable overview={overview} loading={balances.isPending} />
        </div>
        <AdjustmentForm userId={userId} assets={overview?.assets ?? []} />
      </div>

      <div className="section">
        <h2>{t.journalTitle}</h2>
        <p className="muted small section-hint">{t.journalHint}</p>
        <ListBody
          region={t.journalTitle}
          query={journal}
          testId="journal-table"
          isEmpty={entries.length === 0}
          empty={t.journalEmpty}
          headers={[
            t.journalColumns.time,
            t.journalColumns.journal,
            t.journalColumns.kind,
            t.journalColumns.realm,
            t.journalColumns.account,
            t.journalColumns.asset,
            t.journalColumns.field,
            { label: t.journalColumns.amount, className: 'num' },
            t.journalColumns.reference,
          ]}
          paging={{ page, total: journal.data?.total ?? 0, onPage: setPage }}
        >
          {entries.map((entry) => (
            <tr key={entry.id} data-testid={`journal-row-${entry.id}`}>
              <td className="nowrap" title={entry.createdAt}>
                {formatTime(entry.createdAt)}
              </td>
              <td className="mono">{entry.journalId}</td>
              <td>
                <span className="code-chip">{entry.kind}</span>
              </td>
              <td>
                <span className={`badge badge-${entry.realm}`}>
                  {ledgerTexts.realms[entry.realm] ?? entry.realm}
                </span>
              </td>
              <td>{accountLabel(entry.account)}</td>
              <td>{entry.asset}</td>
              <td className="muted">{entry.field}</td>
              <td className={`num ${amountClass(entry.amount)}`}>{entry.amount}</td>
              <td className="mono ellipsis" title={entry.reference ?? undefined}>
                {entry.reference ?? <span className="muted">{texts.common.none}</span>}
              </td>
            </tr>
          ))}
        </ListBody>
      </div>
    </section>
  );
}

function BalancesTable({ overview, loading }: { overview: AssetsOverview | undefined; loading: boolean }) {
  const assetOf = (code: string) => overview?.assets.find((a) => a.code === code);
  return (
    <TableWrap label={t.balancesTitle}>
      <table className="table" data-testid="balances-table">
        <thead>
          <tr>
            <th>{t.balanceColumns.asset}</th>
            <th className="num">{t.balanceColumns.available}</th>
            <th className="num">{t.balanceColumns.frozen}</th>
            <th className="num">{t.balanceColumns.total}</th>
            <th className="num">{t.balanceColumns.value}</th>
          </tr>
        </thead>
        <tbody>
          {loading && <TableMessage colSpan={BALANCE_COLUMNS}>{texts.common.loading}</TableMessage>}
          {overview?.accounts.map((account) => {
            const rows = account.balances.filter((b) => !isZeroAmount(b.total));
            return (
              <Fragment key={account.kind}>
                <tr className="group-row" data-testid={`balances-account-${account.kind}`}>
                  <th colSpan={BALANCE_COLUMNS} scope="colgroup">
                    {t.accountHeading(accountLabel(account.kind), account.valueUsdt)}
                  </th>
                </tr>
                {rows.length === 0 && (
                  <tr className="table-message">
                    <td colSpan={BALANCE_COLUMNS}>{t.noBalances}</td>
                  </tr>
                )}
                {rows.map((b) => (
                  <tr key={b.asset} data-testid={`balance-${account.kind}-${b.asset}`}>
                    <td>{b.asset}</td>
                    <AssetAmountCell amount={b.available} asset={assetOf(b.asset)} />
                    <AssetAmountCell amount={b.frozen} asset={assetOf(b.asset)} />
                    <AssetAmountCell amount={b.total} asset={assetOf(b.asset)} strong />
                    <td className="num amount muted">{b.valueUsdt}</td>
                  </tr>
                ))}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** A balance by the app's one display rule (the asset's display decimals, cut); the exact value in its title. */
function AssetAmountCell({
  amount,
  asset,
  strong,
}: {
  amount: string;
  asset: { displayDecimals: number } | undefined;
  strong?: boolean;
}) {
  return (
    <td className={`num amount${strong ? ' strong' : ''}`} title={amount}>
      {formatAssetAmount(amount, asset)}
    </td>
  );
}
