import { parseUnits } from '@otc/core/money/decimal';
import type { PositionProduct } from '@otc/protocol/positions/constants';
import type { Position } from '@otc/protocol/positions/schemas';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageToToast } from '../api/errors.ts';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import type { TKey } from '../i18n/keys.ts';
import { useInstruments, useTickers } from '../market/index.ts';
import { useMoneyMoved } from '../money/balances.ts';
import { tickDecimals } from '../money/format.ts';
import { QueryState } from '../money/screenParts.ts';
import { useLiveMoney } from '../money/useLiveMoney.ts';
import { confirm } from '../ui/dialog.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { API_ERROR_TOAST_MS, toast } from '../ui/toast.ts';
import { CloseDialog } from './CloseDialog.tsx';
import { closeAllLines } from './closeAll.ts';
import { atMark } from './live.ts';
import { PositionCard } from './PositionCard.tsx';
import { positionKeys, positionsApi, useViewer } from './positionsApi.ts';
import { ReverseDialog } from './ReverseDialog.tsx';
import { TpSlDialog } from './TpSlDialog.tsx';
import { quoteConversionOf, reverseQuote, rulesOf } from './ticket.ts';
import { useOpenPositions } from './useOpenPositions.ts';

type Editing = { kind: 'close' | 'tpsl' | 'reverse'; position: Position } | null;

/**
 * The open positions of a product (or all), live: each row follows its instrument's ticker (PnL,
 * return, risk ratio at the mark) and the private channel's position events. Close (all lots or
 * some), reverse, TP/SL and close all, each confirmed first (seed §8).
 */
export function PositionList({ product, symbol }: { product: PositionProduct | 'all'; symbol?: string }) {
  const { t } = useTranslation();
  const query = useOpenPositions(product);
  useLiveMoney();
  const tickers = useTickers();
  const { list: instruments } = useInstruments();
  const ticks = new Map((instruments ?? []).map((i) => [i.symbol, tickDecimals(i.tickSize)]));
  const moneyMoved = useMoneyMoved();
  const keys = useRef(createIdempotencyKeys()).current;
  const [editing, setEditing] = useState<Editing>(null);
  const items = useMemo(
    () => (query.data?.items ?? []).filter((p) => !symbol || p.symbol === symbol),
    [query.data, symbol],
  );
  // Each instrument's brackets, for the risk ratio at every new mark (its detail is public and cached).
  const symbols = useMemo(
    () => [...new Map(items.map((p) => [`${p.product}:${p.symbol}`, p])).values()],
    [items],
  );
  const viewer = useViewer();
  const details = useQueries({
    queries: symbols.map((p) => ({
      queryKey: positionKeys.detail(p.product, p.symbol, viewer),
      queryFn: () => positionsApi.detail(p.product, p.symbol),
      staleTime: 60_000,
    })),
  });
  const rules = new Map(
    details.flatMap((d) => (d.data ? [[d.data.instrument.symbol, rulesOf(d.data)] as const] : [])),
  );
  // Each instrument's quote in USDT: the live figures wait for it (a yen PnL is not USDT).
  const conversions = new Map(
    details.flatMap((d) => (d.data ? [[d.data.instrument.symbol, quoteConversionOf(d.data)] as const] : [])),
  );

  const run = async (action: () => Promise<unknown>, done: TKey) => {
    try {
      await action();
      keys.done();
      toast(t(done));
    } catch (error) {
      // The request does not toast itself: say why here.
      const message = messageToToast(error);
      if (message) toast(message, API_ERROR_TOAST_MS);
    } finally {
      await moneyMoved();
    }
  };
  const close = (p: Position, lots: string | undefined) =>
    run(
      () =>
        positionsApi.close(p.product, {
          id: p.id,
          ...(lots ? { lots } : {}),
          idempotencyKey: keys.keyFor(`close:${p.id}:${lots ?? 'all'}`),
        }),
      'positions.list.closed',
    );
  const reverse = (p: Position) =>
    run(
      () => positionsApi.reverse({ id: p.id, idempotencyKey: keys.keyFor(`reverse:${p.id}`) }),
      'positions.list.reversed',
    );
  /** What reversing costs at the mark now (the dialog follows the ticker while it is open). */
  const reverseFigures = (p: Position) => {
    const r = rules.get(p.symbol);
    const mark = tickers.get(p.symbol)?.price;
    // A position already open on the other side takes the reversed lots (one position per side).
    const held = (query.data?.items ?? []).find(
      (o) => o.symbol === p.symbol && o.side !== p.side && o.status === 'open',
    );
    return r
      ? reverseQuote(r, mark ? parseUnits(mark) : null, p, conversions.get(p.symbol) ?? null, held)
      : null;
  };
  const closeAll = async () => {
    if (
      !(await confirm(t('common.confirmCloseAll'), {
        okText: t('positions.list.closeAll'),
        messageTestId: 'confirm-close-all',
      }))
    )
      return;
    const scope = product === 'all' ? {} : { product };
    try {
      const result = await positionsApi.closeAll({
        ...scope,
        idempotencyKey: keys.keyFor(`closeall:${product}`),
      });
      keys.done();
      // Positions whose market cannot trade now stay open: say how many and why.
      const lines = closeAllLines(result).map((l) =>
        l.reason ? t(l.key, { count: l.count, reason: t(l.reason) }) : t(l.key),
      );
      toast(lines.join(' · '), result.skipped.length > 0 ? API_ERROR_TOAST_MS : undefined);
    } catch (error) {
      const message = messageToToast(error);
      if (message) toast(message, API_ERROR_TOAST_MS);
    } finally {
      await moneyMoved();
    }
  };
  const saveTpSl = (p: Position, tp: string | null, sl: string | null) =>
    run(() => positionsApi.tpsl({ id: p.id, tp, sl }), 'positions.list.tpslSaved');

  if (!query.data)
    return (
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        icon="layers"
      />
    );
  return (
    <section className="pos-list" aria-busy={query.isFetching && !query.data}>
      <div className="pos-list-head">
        <h2 className="pos-list-title">{t('perp.trade.positions')}</h2>
        {items.length > 0 && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void closeAll()}
            data-testid="close-all"
          >
            {t('positions.list.closeAll')}
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState icon="layers" title={t('positions.list.empty')} />
      ) : (
        <ul className="pos-cards" data-testid="positions">
          {items.map((p) => (
            <PositionCard
              key={p.id}
              position={atMark(
                p,
                tickers.get(p.symbol)?.price,
                rules.get(p.symbol)?.brackets,
                conversions.get(p.symbol) ?? null,
              )}
              priceDigits={ticks.get(p.symbol) ?? 8}
              onClose={() => setEditing({ kind: 'close', position: p })}
              onReverse={() => setEditing({ kind: 'reverse', position: p })}
              onTpSl={() => setEditing({ kind: 'tpsl', position: p })}
            />
          ))}
        </ul>
      )}
      {editing?.kind === 'close' && (
        <CloseDialog
          position={editing.position}
          onCancel={() => setEditing(null)}
          onConfirm={(lots) => {
            setEditing(null);
            void close(editing.position, lots);
          }}
        />
      )}
      {editing?.kind === 'reverse' && (
        <ReverseDialog
          position={editing.position}
          quote={reverseFigures(editing.position)}
          priceDigits={ticks.get(editing.position.symbol) ?? 8}
          onCancel={() => setEditing(null)}
          onConfirm={() => {
            setEditing(null);
            void reverse(editing.position);
          }}
        />
      )}
      {editing?.kind === 'tpsl' && (
        <TpSlDialog
          position={editing.position}
          onCancel={() => setEditing(null)}
          onSave={(tp, sl) => {
            setEditing(null);
            void saveTpSl(editing.position, tp, sl);
          }}
        />
      )}
    </section>
  );
}
