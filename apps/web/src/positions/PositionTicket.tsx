import { parseUnits } from '@otc/core/money/decimal';
import { leverageCap } from '@otc/core/positions/rules';
import type { Instrument } from '@otc/protocol/market/schemas';
import type { PositionProduct } from '@otc/protocol/positions/constants';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { TRANSFER_PATH } from '../app/paths.ts';
import { loginPathFor } from '../app/returnTo.ts';
import { useTicker } from '../market/index.ts';
import { amountToSend, cleanAmountInput } from '../money/amounts.ts';
import { useMoneyMoved, useOverview } from '../money/balances.ts';
import { AmountAsset, Tabs } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { confirm } from '../ui/dialog.ts';
import { Field } from '../ui/Field.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { LeverageControl } from './LeverageControl.tsx';
import { stateOf } from './live.ts';
import { positionKeys, positionsApi } from './positionsApi.ts';
import { TicketFigures } from './TicketFigures.tsx';
import {
  clampLeverage,
  percentText,
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
  const location = useLocation();
  const symbol = instrument.symbol;
  const detail = useQuery({
    queryKey: positionKeys.detail(product, symbol),
    queryFn: () => positionsApi.detail(product, symbol),
    refetchInterval: 60_000,
  });
  const ticker = useTicker(symbol, undefined);
  const overview = useOverview({ enabled: signedIn });
  const positions = useOpenPositions(product, signedIn);
  const moneyMoved = useMoneyMoved();
  const [side, setSide] = useState<Side>(initialSide);
  const [type, setType] = useState<TicketType>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState('');
  const [leverage, setLeverage] = useState(DEFAULT_LEVERAGE);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors<TicketField>(TICKET_FIELDS);
  const keys = useRef(createIdempotencyKeys()).current;

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
  const quote = rules ? ticketQuote(rules, mark, input, held ? stateOf(held) : null) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !rules) return;
    const wrong = ticketProblem(rules, mark, input, available);
    if (wrong) {
      form.show(wrong.field, t(`positions.ticket.${wrong.key}`, wrong.values ?? {}));
      return;
    }
    const body = {
      symbol,
      side,
      type,
      lots: amountToSend(lots),
      leverage: lev,
      ...(type === 'limit' ? { price: amountToSend(price) } : {}),
      ...(tp.trim() ? { tp: amountToSend(tp) } : {}),
      ...(sl.trim() ? { sl: amountToSend(sl) } : {}),
    };
    const sure = await confirm(t('common.confirmTrade'), {
      title: `${symbol} · ${t(side === 'long' ? 'positions.side.long' : 'positions.side.short')} ${lev}x`,
      okText: t(side === 'long' ? 'positions.ticket.openLong' : 'positions.ticket.openShort'),
      messageTestId: 'confirm-trade',
    });
    if (!sure) return;
    setBusy(true);
    try {
      await positionsApi.place(
        product,
        { ...body, idempotencyKey: keys.keyFor(JSON.stringify(body)) },
        { toast: false },
      );
      keys.done();
      setLots('');
      toast(t('results.orderPlaced'));
      await moneyMoved();
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: 'price' | 'lots' | 'tp' | 'sl',
    label: string,
    value: string,
    set: (v: string) => void,
    extra: { hint?: string | undefined; asset: string; placeholder?: string },
  ) => (
    <Field
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      placeholder={extra.placeholder}
      error={form.errors[name]}
      hint={extra.hint}
      onChange={(e) => {
        set(cleanAmountInput(e.target.value));
        form.clear(name);
      }}
      addon={<AmountAsset asset={extra.asset} />}
    />
  );

  return (
    <form
      className={`card pos-ticket pos-ticket-${side}`}
      onSubmit={submit}
      noValidate
      data-testid="position-ticket"
    >
      <div className="pos-toggle">
        {(['long', 'short'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`pos-side pos-side-${s}${side === s ? ' pos-side-on' : ''}`}
            aria-pressed={side === s}
            onClick={() => setSide(s)}
            data-testid={`side-${s}`}
          >
            {t(s === 'long' ? 'positions.side.long' : 'positions.side.short')}
          </button>
        ))}
      </div>
      <Tabs
        variant="segmented"
        tabs={[
          { id: 'market', label: t('spot.type.market') },
          { id: 'limit', label: t('spot.type.limit') },
        ]}
        value={type}
        onChange={setType}
        testIdPrefix="type-"
      />
      {type === 'limit'
        ? field('price', t('positions.ticket.price'), price, setPrice, { asset: instrument.quote })
        : rules && (
            <p className="pos-note" data-testid="market-note">
              {t('positions.ticket.marketNote', {
                spread: detail.data ? percentText(detail.data.rules.spread) : '--',
              })}
            </p>
          )}
      <LeverageControl
        value={lev}
        cap={cap}
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
            {t('positions.ticket.available', { amount: f.amount(available, 2) })}
          </span>
          <Link to={TRANSFER_PATH} className="pos-link">
            {t('positions.ticket.transfer')}
          </Link>
        </p>
      )}
      {!signedIn ? (
        <Link
          to={loginPathFor(location.pathname + location.search)}
          className={`btn btn-block pos-submit pos-submit-${side}`}
          data-testid="login-to-trade"
        >
          {t('spot.form.loginToTrade')}
        </Link>
      ) : open ? (
        <Button
          type="submit"
          block
          loading={busy}
          disabled={!rules}
          className={`pos-submit pos-submit-${side}`}
          data-testid="place-order"
        >
          {t(side === 'long' ? 'positions.ticket.openLong' : 'positions.ticket.openShort')}
        </Button>
      ) : (
        <Button block disabled data-testid="place-order-closed">
          {t('positions.ticket.marketClosed')}
        </Button>
      )}
    </form>
  );
}
