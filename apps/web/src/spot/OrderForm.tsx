import type { Instrument } from '@otc/protocol/market/schemas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountToSend, unitsOrNull } from '../money/amounts.ts';
import { useOverview } from '../money/balances.ts';
import { farPriceMessage } from '../money/farPrice.ts';
import { tickDecimals } from '../money/format.ts';
import {
  DecimalField,
  KeyValueRow,
  OrderTypeTabs,
  SideToggle,
  TradeButton,
  useOrderSubmit,
} from '../money/screenParts.ts';
import { USDT_DISPLAY, useFormat } from '../money/useFormat.ts';
import { confirm } from '../ui/dialog.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { MarketEstimateRows } from './MarketEstimateRows.tsx';
import { spotApi } from './spotApi.ts';
import {
  type OrderType,
  onStep,
  orderTotals,
  PERCENTS,
  percentQty,
  priceOnTick,
  type Side,
} from './spotMath.ts';
import { useMarketEstimate } from './useMarketEstimate.ts';

type OrderField = 'price' | 'qty';
const ORDER_FIELDS: readonly OrderField[] = ['price', 'qty'];

/**
 * The order ticket: side, type, price, quantity, shortcuts, total and fee, place. A guest fills it
 * in the same way, and its button leads to the login screen and back here.
 */
export function OrderForm({
  instrument,
  last,
  picked,
  initialSide = 'buy',
  signedIn,
}: {
  instrument: Instrument;
  last: string | undefined;
  picked: { price: string; n: number } | null;
  initialSide?: Side;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  // A guest has no balances to read.
  const overview = useOverview({ enabled: signedIn });
  const [side, setSide] = useState<Side>(initialSide);
  const [type, setType] = useState<OrderType>('limit');
  const [price, setPrice] = useState('');
  const [qty, setQty] = useState('');
  // What is wrong with the price or quantity stays under it until it changes (issue #13).
  const form = useFieldErrors<OrderField>(ORDER_FIELDS);
  const touched = useRef(false);
  const { base, quote, tickSize, lotSize, minNotional } = instrument;
  const priceDigits = tickDecimals(tickSize);

  // The price starts at the last price until the user types one.
  useEffect(() => {
    if (!touched.current && last !== undefined) setPrice(priceOnTick(last, tickSize));
  }, [last, tickSize]);
  // A tapped book level fills the price.
  useEffect(() => {
    if (!picked) return;
    touched.current = true;
    setPrice(picked.price);
    setType('limit');
    form.clear('price');
  }, [picked, form.clear]);

  const funding = overview.data?.accounts.find((a) => a.kind === 'funding');
  const availableOf = (asset: string) => funding?.balances.find((b) => b.asset === asset)?.available;
  const availableBase = availableOf(base);
  const availableQuote = availableOf(quote);
  // A guest has no catalogue: USDT's two places still apply to what a USDT pair costs.
  const quoteInfo =
    overview.data?.assets.find((a) => a.code === quote) ?? (quote === 'USDT' ? USDT_DISPLAY : undefined);
  const effectivePrice = type === 'limit' ? price : last;
  const totals = orderTotals(effectivePrice, qty, instrument);
  // A market order's cost is walked on the book, as the engine fills it (not the last price).
  const estimate = useMarketEstimate(instrument, side, qty, type === 'market');

  const pickPercent = (percent: number) => {
    setQty(percentQty({ percent, side, price: effectivePrice, availableBase, availableQuote, lotSize }));
    form.clear('qty');
  };

  const problem = (): { field: OrderField; message: string } | null => {
    if (type === 'limit') {
      const p = unitsOrNull(price);
      if (p === null || p <= 0n) return { field: 'price', message: t('spot.form.enterPrice') };
      if (!onStep(amountToSend(price), tickSize))
        return { field: 'price', message: t('spot.form.offTick', { step: tickSize }) };
    }
    const q = unitsOrNull(qty);
    if (q === null || q <= 0n) return { field: 'qty', message: t('spot.form.enterQty') };
    if (!onStep(amountToSend(qty), lotSize))
      return { field: 'qty', message: t('spot.form.offLot', { step: lotSize }) };
    if (type === 'market' && estimate?.refused === 'no_liquidity')
      return { field: 'qty', message: t('spot.form.noLiquidity') };
    if (type === 'market' && estimate?.refused === 'below_min_notional')
      return { field: 'qty', message: t('spot.form.minNotional', { amount: minNotional, asset: quote }) };
    const total = totals ? unitsOrNull(totals.total) : null;
    const min = unitsOrNull(minNotional);
    if (type === 'limit' && total !== null && min !== null && total < min) {
      return { field: 'qty', message: t('spot.form.minNotional', { amount: minNotional, asset: quote }) };
    }
    return null;
  };

  const { busy, submit } = useOrderSubmit(form, {
    problem,
    body: () => ({
      symbol: instrument.symbol,
      side,
      type,
      ...(type === 'limit' ? { price: amountToSend(price) } : {}),
      qty: amountToSend(qty),
    }),
    // A limit price far from the last one is confirmed first; otherwise the order goes at once.
    confirm: async (body) => {
      const far = type === 'limit' ? farPriceMessage(t, body.price ?? '', last) : null;
      if (!far) return true;
      return confirm(far, {
        messageTestId: 'price-warning',
        okText: t('actions.placeOrder'),
        cancelText: t('actions.changePrice'),
      });
    },
    // Under the price or quantity when the refusal is about one of them, else a toast; the same
    // submission keeps its key for a retry.
    place: (request) => spotApi.place(request, { toast: false }),
    placed: () => setQty(''),
  });

  const available = side === 'buy' ? availableQuote : availableBase;
  const availableAsset = side === 'buy' ? quote : base;

  return (
    <form className={`card spot-form spot-form-${side}`} onSubmit={submit} noValidate>
      <SideToggle
        sides={['buy', 'sell'] as const}
        value={side}
        onChange={setSide}
        labelOf={(s) => t(s === 'buy' ? 'spot.side.buy' : 'spot.side.sell')}
        buttonClassName="spot-side"
      />
      <OrderTypeTabs types={['limit', 'market'] as const} value={type} onChange={setType} />
      {type === 'limit' ? (
        <DecimalField
          label={t('spot.form.price')}
          name="price"
          value={price}
          error={form.errors.price}
          onChange={(value) => {
            touched.current = true;
            setPrice(value);
            form.clear('price');
          }}
          asset={quote}
        />
      ) : (
        <p className="spot-market-note" data-testid="market-note">
          {t('spot.form.marketPrice')}
        </p>
      )}
      <DecimalField
        label={t('spot.form.qty')}
        name="qty"
        value={qty}
        error={form.errors.qty}
        onChange={(value) => {
          setQty(value);
          form.clear('qty');
        }}
        asset={base}
        hint={
          available === undefined
            ? undefined
            : t('spot.form.available', {
                amount: f.money(
                  available,
                  overview.data?.assets.find((x) => x.code === availableAsset),
                ),
                asset: availableAsset,
              })
        }
      />
      <div className="spot-pcts">
        {PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className="spot-pct"
            onClick={() => pickPercent(p)}
            disabled={available === undefined}
            data-testid={`pct-${p}`}
          >
            {p}%
          </button>
        ))}
      </div>
      {type === 'market' ? (
        <MarketEstimateRows
          estimate={estimate}
          base={base}
          quote={quote}
          quoteInfo={quoteInfo}
          priceDigits={priceDigits}
        />
      ) : (
        <>
          <KeyValueRow label={t('spot.form.total')} testId="order-total">
            {totals ? `${f.money(totals.total, quoteInfo)} ${quote}` : '--'}
          </KeyValueRow>
          <KeyValueRow label={t('spot.form.fee')} testId="order-fee">
            {totals ? t('spot.form.upTo', { amount: `${f.money(totals.fee, quoteInfo)} ${quote}` }) : '--'}
          </KeyValueRow>
        </>
      )}
      <TradeButton
        signedIn={signedIn}
        busy={busy}
        className={`spot-submit spot-submit-${side}`}
        label={t(side === 'buy' ? 'spot.form.buy' : 'spot.form.sell', { asset: base })}
      />
    </form>
  );
}
