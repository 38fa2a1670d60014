import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { adminApi, PAGE_SIZE, queryKeys } from '../api/admin.ts';
import { texts } from '../texts.ts';
import { FilterInput } from '../ui/FilterInput.tsx';
import {
  amountClass,
  formatPercent,
  formatPrice,
  formatQuantity,
  formatTime,
  formatUsdt,
} from '../ui/format.ts';
import { ListBody } from '../ui/ListBody.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryTable } from '../ui/QueryTable.tsx';
import { RefreshButton } from '../ui/RefreshButton.tsx';
import { useListParams } from '../ui/useListParams.ts';
import { exposureUsed } from './exposure.ts';
import { positionKeys, positionsApi } from './positionsApi.ts';
import { positionsTexts } from './texts.ts';

const t = positionsTexts.positions;
const none = texts.common.none;
const REALMS = ['live', 'demo'] as const;
const parseRealm = (v: string) =>
  (REALMS as readonly string[]).includes(v) ? (v as 'live' | 'demo') : undefined;

/** Positions for operators: the dealer's exposure and accounts, then the open positions by user. */
export function PositionsPage() {
  const { page, filters, setFilter, setPage } = useListParams(['userId', 'symbol', 'realm'] as const);
  const realm = parseRealm(filters.realm);
  const userId = /^\d{1,18}$/.test(filters.userId) ? filters.userId : undefined;
  const symbol = filters.symbol.trim().toUpperCase() || undefined;
  const overview = useQuery({
    queryKey: positionKeys.overview,
    queryFn: ({ signal }) => positionsApi.overview(signal),
  });
  const open = useQuery({
    queryKey: [...positionKeys.open, { userId, symbol, realm, page }],
    queryFn: ({ signal }) => positionsApi.open({ userId, symbol, realm, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  // The registry, for each instrument's tick: prices read as the app shows them (67,433.80).
  const instruments = useQuery({
    queryKey: queryKeys.instruments,
    queryFn: ({ signal }) => adminApi.instruments(signal),
  });
  const bySymbol = useMemo(
    () => new Map((instruments.data?.items ?? []).map((i) => [i.symbol, i])),
    [instruments.data],
  );
  /** A price at its instrument's tick; grouped at its own places until the registry is in. */
  const price = (symbol: string, value: string | null) => {
    if (value === null) return none;
    const instrument = bySymbol.get(symbol);
    return instrument ? formatPrice(value, instrument) : formatQuantity(value);
  };
  const exposure = overview.data?.exposure ?? [];
  const items = open.data?.items ?? [];

  return (
    <section className="page">
      <PageHeader title={t.title} subtitle={t.subtitle} />

      <div className="section">
        <div className="toolbar">
          <h2>{t.exposureTitle}</h2>
          <div className="toolbar-end">
            <RefreshButton query={overview} testId="positions-overview-refresh" />
          </div>
        </div>
        <p className="muted small section-hint">{t.exposureHint}</p>
        <QueryTable
          query={overview}
          testId="positions-exposure-table"
          region={t.exposureTitle}
          isEmpty={exposure.length === 0}
          empty={t.noExposure}
          headers={[
            t.columns.symbol,
            t.columns.realm,
            { label: t.columns.long, className: 'num' },
            { label: t.columns.short, className: 'num' },
            { label: t.columns.net, className: 'num' },
            { label: t.columns.cap, className: 'num' },
            { label: t.columns.used, className: 'num' },
            { label: t.columns.positions, className: 'num' },
            t.columns.funding,
          ]}
        >
          {exposure.map((e) => (
            <tr key={`${e.symbol}-${e.realm}`} data-testid={`exposure-${e.symbol}-${e.realm}`}>
              <td>
                {e.symbol} <span className="muted small">{t.products[e.product]}</span>
              </td>
              <td>{t.realms[e.realm]}</td>
              <td className="num mono">{formatQuantity(e.longLots)}</td>
              <td className="num mono">{formatQuantity(e.shortLots)}</td>
              <td className={`num mono ${amountClass(e.netExposure)}`}>{formatQuantity(e.netExposure)}</td>
              <td className="num mono">{formatQuantity(e.exposureCap)}</td>
              <td className="num mono">{exposureUsed(e.netExposure, e.exposureCap)}</td>
              <td className="num">{e.openPositions}</td>
              <td className="nowrap mono">
                {e.fundingRate !== null && e.nextFundingAt !== null
                  ? t.fundingAt(
                      formatPercent(e.fundingRate),
                      formatTime(new Date(e.nextFundingAt).toISOString()),
                    )
                  : none}
              </td>
            </tr>
          ))}
        </QueryTable>
      </div>

      <div className="section">
        <h2>{t.fundsTitle}</h2>
        <QueryTable
          region={t.fundsTitle}
          query={overview}
          testId="positions-funds-table"
          isEmpty={false}
          empty={none}
          headers={[t.columns.account, t.columns.realm, { label: t.columns.balance, className: 'num' }]}
        >
          {(['insurance', 'dealer'] as const).flatMap((kind) =>
            (overview.data?.[kind] ?? []).map((b) => (
              <tr key={`${kind}-${b.realm}`} data-testid={`fund-${kind}-${b.realm}`}>
                <td>{t[kind]}</td>
                <td>{t.realms[b.realm]}</td>
                <td className={`num mono ${amountClass(b.balance)}`} title={b.balance}>
                  {formatUsdt(b.balance)}
                </td>
              </tr>
            )),
          )}
        </QueryTable>
      </div>

      <div className="section">
        <h2>{t.openTitle}</h2>
        <ListBody
          filters={
            <>
              <FilterInput
                name="userId"
                label={t.userFilter}
                value={filters.userId}
                onChange={(v) => setFilter('userId', v)}
              />
              <FilterInput
                name="symbol"
                label={t.symbolFilter}
                value={filters.symbol}
                onChange={(v) => setFilter('symbol', v)}
              />
              <label className="field field-inline">
                <span>{t.realmFilter}</span>
                <select
                  value={realm ?? ''}
                  onChange={(event) => setFilter('realm', event.target.value)}
                  data-testid="positions-realm"
                >
                  <option value="">{texts.common.all}</option>
                  {REALMS.map((r) => (
                    <option key={r} value={r}>
                      {t.realms[r]}
                    </option>
                  ))}
                </select>
              </label>
            </>
          }
          refreshTestId="positions-open-refresh"
          query={open}
          testId="positions-open-table"
          region={t.openTitle}
          isEmpty={items.length === 0}
          empty={t.noPositions}
          headers={[
            t.columns.id,
            t.columns.user,
            t.columns.symbol,
            t.columns.side,
            { label: t.columns.lots, className: 'num' },
            { label: t.columns.entry, className: 'num' },
            { label: t.columns.leverage, className: 'num' },
            { label: t.columns.margin, className: 'num' },
            t.columns.tpSl,
            { label: t.columns.mark, className: 'num' },
            { label: t.columns.pnl, className: 'num' },
            { label: t.columns.liquidation, className: 'num' },
            { label: t.columns.fundingPaid, className: 'num' },
            t.columns.opened,
          ]}
          paging={{ page, total: open.data?.total ?? 0, onPage: setPage }}
        >
          {items.map((p) => (
            <tr key={p.id} data-testid={`position-row-${p.id}`}>
              <td className="mono">{p.id}</td>
              <td className="mono">
                {p.userId} <span className="muted small">{t.realms[p.realm]}</span>
              </td>
              <td>{p.symbol}</td>
              <td>{t.sides[p.side]}</td>
              <td className="num mono" data-testid="position-lots">
                {formatQuantity(p.lots)}
              </td>
              <td className="num mono" data-testid="position-entry">
                {price(p.symbol, p.entryPrice)}
              </td>
              <td className="num">{p.leverage}×</td>
              <td className="num mono" title={p.margin}>
                {formatUsdt(p.margin)}
              </td>
              <td className="mono nowrap">
                {price(p.symbol, p.tp)} / {price(p.symbol, p.sl)}
              </td>
              <td className="num mono" data-testid="position-mark">
                {price(p.symbol, p.markPrice)}
              </td>
              <td className={`num mono ${p.unrealisedPnl ? amountClass(p.unrealisedPnl) : ''}`}>
                {p.unrealisedPnl === null ? none : formatUsdt(p.unrealisedPnl)}
              </td>
              <td className="num mono" data-testid="position-liquidation">
                {price(p.symbol, p.liquidationPrice)}
              </td>
              <td className="num mono" title={p.funding}>
                {formatUsdt(p.funding)}
              </td>
              <td className="nowrap">{formatTime(new Date(p.openedAt).toISOString())}</td>
            </tr>
          ))}
        </ListBody>
      </div>
    </section>
  );
}
