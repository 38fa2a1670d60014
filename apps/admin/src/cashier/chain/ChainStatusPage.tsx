import type { ChainStatus, SweepRecord } from '@otc/protocol/cashier/chain/schemas';
import { useQuery } from '@tanstack/react-query';
import { texts } from '../../texts.ts';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { formatTime } from '../../ui/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { cashierTexts } from '../texts.ts';
import { chainStatusApi, chainStatusKeys } from './chainStatusApi.ts';
import './chains.css';
import { TableWrap } from '../../ui/TableWrap.tsx';

const t = cashierTexts.chains;
const none = texts.common.none;
const SWEEP_BADGE: Record<SweepRecord['status'], string> = {
  pending: 'badge-pending',
  gas_sent: 'badge-pending',
  swept: 'badge-approved',
  skipped: 'badge-rejected',
};

/**
 * The hot wallet and chain status for operators (issue 15): per enabled chain, the platform's
 * wallets read from the chain, an underfunded gas account flagged, the watcher, the sweeps with
 * their reasons, and the withdrawals waiting for the hot wallet. Nothing here is silent.
 */
export function ChainStatusPage() {
  const status = useQuery({
    queryKey: chainStatusKeys.status,
    queryFn: ({ signal }) => chainStatusApi.status(signal),
  });
  const chains = status.data?.items ?? [];
  return (
    <section className="page" data-testid="chain-status-page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="toolbar">
        <div className="toolbar-end">
          <RefreshButton query={status} testId="chain-status-refresh" />
        </div>
      </div>
      {status.isError && <ErrorAlert error={status.error} onRetry={() => void status.refetch()} />}
      {status.isPending && <p className="muted">{texts.common.loading}</p>}
      {status.isSuccess && chains.length === 0 && <p className="muted">{t.noChains}</p>}
      {chains.map((c) => (
        <ChainCard key={c.chainId} chain={c} />
      ))}
    </section>
  );
}

function ChainCard({ chain: c }: { chain: ChainStatus }) {
  const gas = c.gasAccount;
  return (
    <div className="section" data-testid={`chain-${c.chainId}`}>
      <h2>
        {c.name} <span className="muted small">{c.chainId}</span>
      </h2>
      {c.error && <div className="alert alert-error">{t.unreadable(c.error)}</div>}
      <dl className="kv">
        <dt>{t.hotWallet}</dt>
        <dd data-testid={`chain-${c.chainId}-hot-wallet`}>
          <div className="mono break-all">{c.hotWallet.address}</div>
          <div className="mono">
            {c.hotWallet.usdt ?? none} USDT · {c.hotWallet.native ?? none} {c.coin}
          </div>
        </dd>
        <dt>{t.gasAccount}</dt>
        <dd data-testid={`chain-${c.chainId}-gas-account`}>
          {gas ? (
            <>
              <div className="mono break-all">{gas.address}</div>
              <div className="mono">
                {gas.native ?? none} {c.coin}{' '}
                <span className={`badge ${gas.underfunded ? 'badge-rejected' : 'badge-approved'}`}>
                  {gas.underfunded ? t.underfunded : t.funded}
                </span>
              </div>
              {gas.underfunded && <div className="small">{t.underfundedHint}</div>}
            </>
          ) : (
            <span className="small">{t.noSigner}</span>
          )}
        </dd>
        <dt>{t.gasPrice}</dt>
        <dd className="mono">{c.gasPrice === null ? none : `${c.gasPrice} ${t.gwei}`}</dd>
        <dt>{t.usdtContract}</dt>
        <dd className="mono break-all">
          {c.usdt} <span className="muted small">{t.decimals(c.decimals)}</span>
        </dd>
        <dt>{t.watcher}</dt>
        <dd data-testid={`chain-${c.chainId}-watcher`}>
          <span className="mono">
            {t.cursor} {c.watcher.cursor ?? none} · {t.head} {c.watcher.head ?? none}
          </span>
          {c.watcher.lag !== null && <span> · {t.lag(c.watcher.lag)}</span>}
          <div className="small muted">
            {t.lastScan}: {c.watcher.scannedAt ? formatTime(c.watcher.scannedAt) : none}
          </div>
          {c.watcher.error && (
            <div className="small pre-wrap">
              {t.watcherError}: {c.watcher.error}
            </div>
          )}
        </dd>
        <dt>{t.waiting}</dt>
        <dd data-testid={`chain-${c.chainId}-waiting`}>
          {c.waitingWithdrawals.count === 0
            ? t.waitingNone
            : t.waitingSome(c.waitingWithdrawals.count, c.waitingWithdrawals.amount)}
        </dd>
      </dl>

      <h3>{t.sweeps}</h3>
      <p className="muted small section-hint">{t.sweepsHint}</p>
      <p className="small" data-testid={`chain-${c.chainId}-sweep-totals`}>
        {t.sweepTotals(c.sweeps.open, c.sweeps.swept, c.sweeps.gasSpent, c.coin)}
      </p>
      {c.sweeps.items.length === 0 ? (
        <p className="muted">{t.noSweeps}</p>
      ) : (
        <TableWrap label={`${t.sweeps}: ${c.name}`}>
          <table className="table" data-testid={`chain-${c.chainId}-sweeps`}>
            <thead>
              <tr>
                <th>{t.columns.address}</th>
                <th>{t.columns.user}</th>
                <th>{t.columns.status}</th>
                <th>{t.columns.reason}</th>
                <th className="num">{t.columns.amount}</th>
                <th className="num">{t.columns.fee}</th>
                <th>{t.columns.tx}</th>
                <th>{t.columns.updated}</th>
              </tr>
            </thead>
            <tbody>
              {c.sweeps.items.map((s) => (
                <tr key={s.id} data-testid={`sweep-row-${s.id}`}>
                  <td className="mono break-all">{s.address}</td>
                  <td className="mono">{s.userId}</td>
                  <td>
                    <span className={`badge ${SWEEP_BADGE[s.status]}`}>
                      {t.statuses[s.status] ?? s.status}
                    </span>
                  </td>
                  <td className="sweep-reason">
                    {s.reason ? (t.reasons[s.reason] ?? s.reason) : none}
                    {s.detail && <div className="small muted detail">{s.detail}</div>}
                  </td>
                  <td className="num mono">{s.amount ?? none}</td>
                  <td className="num mono">
                    {s.fee} {c.coin}
                  </td>
                  <td className="mono small break-all">
                    {s.gasTxHash && (
                      <div title={s.gasTxHash}>
                        {t.topUpTx} {s.gasTxHash.slice(0, 12)}…
                      </div>
                    )}
                    {s.sweepTxHash && (
                      <div title={s.sweepTxHash}>
                        {t.sweepTx} {s.sweepTxHash.slice(0, 12)}…
                      </div>
                    )}
                  </td>
                  <td className="nowrap">{formatTime(s.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </div>
  );
}
