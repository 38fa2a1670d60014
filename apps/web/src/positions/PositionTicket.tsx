import { parseUnits } from '@otc/core/money/decimal';
import { leverageCap } from '@otc/core/positions/rules';
import type { Instrument } from '@otc/protocol/market/schemas';
import type { PositionProduct } from '@otc/protocol/positions/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRANSFER_PATH } from '../app/paths.ts';
import { useTicker } from '../market/index.ts';
import { amountToSend } from '../money/amounts.ts';
import { useOverview } from '../money/balances.ts';
import { farPriceMessage } from '../money/farPrice.ts';
import {
  DecimalField,
  OrderTypeTabs,
  SideToggle,
  TradeButton,
  useOrderSubmit,
} from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { confirm } from '../ui/dialog.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { LeverageControl } from './LeverageControl.tsx';
import { stateOf } from './live.ts';
import { positionKeys, positionsApi, useViewer } from './positionsApi.ts';
import { RiskWarning } from './RiskWarning.tsx';
import { TicketFigures } from './TicketFigures.tsx';
import {
  clampLeverage,
  percentText,
  quoteConversionOf,
  rulesOf,
  TICKET_FIELDS,
  type TicketField,
  type TicketInput,
  type TicketType,
  ticketProblem,
  ticketQuote,
  tradingStatus,
} from './ticket.ts';
import { useOpenPositions } from './useOpenPositions.ts';

type Side = 'long' | 'short';
const DEFAULT_LEVERAGE = 10;

/**
 * The leveraged order ticket of a perpetual or a CFD: long or short, market or limit, leverage up to
 * the instrument's cap, lots, TP and SL; before confirming, the margin, fee, stamp duty, prepaid
 * amount (exactly what is frozen) and the estimated liquidation price, and for a perpetual the
 * funding rate and its countdown. Guests fill it in; its button leads them to log in.
 */
export function PositionTicket({
  product,
  instrument,
  initialSide = 'long',
  signedIn,
}: {
  product: PositionProduct;
  instrument: Instrument;
  initialSide?: Side;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const symbol = instrument.symbol;
  const viewer = useViewer();
  const detail = useQuery({
    queryKey: positionKeys.detail(product, symbol, viewer),
    queryFn: () => positionsApi.detail(product, symbol),
    refetchInterval: 60_000,
  });
  const ticker = useTicker(symbol, undefined);
  const overview = useOverview({ enabled: signedIn });
  const positions = useOpenPositions(product, signedIn);
  const [side, setSide] = useState<Side>(initialSide);
  const [type, setType] = useState<TicketType>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState('');
  const [leverage, setLeverage] = useState(DEFAULT_LEVERAGE);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const form = useFieldErrors<TicketField>(TICKET_FIELDS);

  const rules = useMemo(() => (detail.data ? rulesOf(detail.data) : null), [detail.data]);
  const cap = rules ? leverageCap(rules) : instrument.maxLeverage;
  const lev = clampLeverage(leverage, cap);
  const markText = ticker?.price ?? detail.data?.markPrice ?? undefined;
  const mark = markText ? parseUnits(markText) : null;
  const status = tradingStatus(detail.data?.session.status, ticker?.status, instrument.status);
  const open = status === 'open';
  // The live status moved (a session opened, a halt ended): ask the server again.
  const { refetch } = detail;
  const liveStatus = ticker?.status;
  useEffect(() => {
    if (liveStatus) void refetch();
  }, [liveStatus, refetch]);
  const contract = overview.data?.accounts.find((a) => a.kind === 'contract');
  const available =
    contract?.balances.find((b) => b.asset === 'USDT')?.available ??
    (signedIn && overview.data ? '0' : undefined);
  const held = positions.data?.items.find((p) => p.symbol === symbol && p.side === side);
  const input: TicketInput = { side, type, price, lots, leverage: lev, tp, sl };
  const conv = detail.data ? quoteConversionOf(detail.data) : null;
  const closeOutLevel = detail.data?.rules.closeOutLevel ?? null;
  const quote = rules
    ? ticketQuote(rules, mark, input, held ? stateOf(held) : null, conv, closeOutLevel)
    : null;

  const { busy, submit } = useOrderSubmit(form, {
    // Nothing to check an order against until the rules are read.
    ready: rules !== null,
    problem: () => {
      const wrong = rules && ticketProblem(rules, mark, input, available, conv);
      return wrong
        ? { field: wrong.field, message: t(`positions.ticket.${wrong.key}`, wrong.values ?? {}) }
        : null;
    },
    body: () => ({
      symbol,
      side,
      type,
      lots: amountToSend(lots),
      leverage: lev,
      ...(type === 'limit' ? { price: amountToSend(price) } : {}),
      ...(tp.trim() ? { tp: amountToSend(tp) } : {}),
      ...(sl.trim() ? { sl: amountToSend(sl) } : {}),
    }),
    // A limit far from the mark says so in the confirmation, as spot's ticket does (same threshold).
    confirm: (body) => {
      const far = body.price === undefined ? null : farPriceMessage(t, body.price, markText);
      return confirm(far ?? t('common.confirmTrade'), {
        title: `${symbol} · ${t(side === 'long' ? 'positions.side.long' : 'positions.side.short')} ${lev}x`,
        okText: t(side === 'long' ? 'positions.ticket.openLong' : 'positions.ticket.openShort'),
        messageTestId: far ? 'price-warning' : 'confirm-trade',
      });
    },
    place: (request) => positionsApi.place(product, request, { toast: false }),
    placed: () => setLots(''),
  });

  const field = (
    name: 'price' | 'lots' | 'tp' | 'sl',
    label: string,
    value: string,
    set: (v: string) => void,
    extra: { hint?: string | undefined; asset: string; placeholder?: string },
  ) => (
    <DecimalField
      label={label}
      name={name}
      value={value}
      placeholder={extra.placeholder}
      error={form.errors[name]}
      hint={extra.hint}
      onChange={(v) => {
        set(v);
        form.clear(name);
      }}
      asset={extra.asset}
    />
  );

  return (
    <form
      className={`card pos-ticket pos-ticket-${side}`}
      onSubmit={submit}
      noValidate
      data-testid="position-ticket"
    >
      <SideToggle
        sides={['long', 'short'] as const}
        value={side}
        onChange={setSide}
        labelOf={(s) => t(s === 'long' ? 'positions.side.long' : 'positions.side.short')}
      />
      <OrderTypeTabs types={['market', 'limit'] as const} value={type} onChange={setType} />
      {type === 'limit'
        ? field('price', t('positions.ticket.price'), price, setPrice, { asset: instrument.quote })
        : rules && (
            <p className="pos-note" data-testid="market-note">
              {t('positions.ticket.marketNote', {
                spread: detail.data ? percentText(detail.data.rules.spread, 4, f.lang) : '--',
              })}
            </p>
          )}
      <LeverageControl
        value={lev}
        cap={cap}
        byCountry={detail.data?.rules.countryCapped ?? false}
        onChange={(v) => {
          setLeverage(v);
          form.clear('leverage');
        }}
        error={form.errors.leverage}
      />
      {field('lots', t('positions.ticket.lots'), lots, setLots, {
        asset: instrument.base,
        hint: rules
          ? t('positions.ticket.lotsHint', {
              step: detail.data?.rules.lotSize,
              min: detail.data?.rules.minLots,
            })
          : undefined,
      })}
      <div className="pos-tpsl">
        {field('tp', t('positions.ticket.tp'), tp, setTp, {
          asset: instrument.quote,
          placeholder: t('positions.ticket.optional'),
        })}
        {field('sl', t('positions.ticket.sl'), sl, setSl, {
          asset: instrument.quote,
          placeholder: t('positions.ticket.optional'),
        })}
      </div>
      <p className="pos-note" data-testid="gap-note">
        {t('positions.ticket.gapNote')}
      </p>
      {detail.data && (
        <TicketFigures
          quote={quote}
          detail={detail.data}
          stock={instrument.class === 'stock'}
          onFundingDue={() => void detail.refetch()}
        />
      )}
      {available !== undefined && (
        <p className="pos-available">
          <span data-testid="contract-available">
            {t('positions.ticket.available', { amount: f.usdt(available) })}
          </span>
          <Link to={TRANSFER_PATH} className="pos-link">
            {t('positions.ticket.transfer')}
          </Link>
        </p>
      )}
      <RiskWarning product={product} lossShare={detail.data?.lossShare} />
      <TradeButton
        signedIn={signedIn}
        open={open}
        busy={busy}
        disabled={!rules}
        className={`pos-submit pos-submit-${side}`}
        label={t(side === 'long' ? 'positions.ticket.openLong' : 'positions.ticket.openShort')}
        closedLabel={t('positions.ticket.marketClosed')}
      />
    </form>
  );
}
