import type { Quote } from '@otc/protocol/exchange/schemas';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { EXCHANGE_LIST_PATH } from '../app/paths.ts';
import { useNow } from '../app/useNow.ts';
import { isZeroAmount, maxAmount } from '../money/amounts.ts';
import { moneyApi } from '../money/assetsApi.ts';
import { useMoneyMoved, useOverview } from '../money/balances.ts';
import { AMOUNT_FIELDS, amountForm } from '../money/form.ts';
import { AmountField, KeyValueRow, QueryState, SelectField } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { useMoneyForm } from '../money/useMoneyForm.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { toast } from '../ui/toast.ts';
import { isQuoteExpired, quoteDeadline, secondsLeft } from './quote.ts';
import '../money/money.css';

interface HeldQuote {
  quote: Quote;
  /** When it stops being valid on this device's clock. */
  deadline: number;
}

/** Flash exchange from the funding account: quote, then convert before it expires. */
export default function ExchangePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const overview = useOverview();
  const moneyMoved = useMoneyMoved();
  const [fromChoice, setFrom] = useState('');
  const [toChoice, setTo] = useState('');
  const [amount, setAmount] = useState('');
  // What is wrong with the amount stays under it until it changes (issue #13).
  const form = useMoneyForm(AMOUNT_FIELDS);
  const changeAmount = (value: string) => {
    setAmount(value);
    form.clear('amount');
  };
  const [held, setHeld] = useState<HeldQuote | null>(null);
  const [busy, setBusy] = useState<'quote' | 'convert' | null>(null);
  const keys = useRef(createIdempotencyKeys()).current;
  const now = useNow(held !== null);

  const data = overview.data;
  if (!data) {
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

  const assets = data.assets;
  const funding = data.accounts.find((a) => a.kind === 'funding');
  const availableOf = (code: string | undefined) =>
    funding?.balances.find((b) => b.asset === code)?.available ?? '0';
  // Until the user picks, start from the first coin they hold (funding) and convert it to the next.
  const from =
    assets.find((a) => a.code === fromChoice) ??
    assets.find((a) => !isZeroAmount(availableOf(a.code))) ??
    assets[0];
  const to =
    assets.find((a) => a.code === toChoice && a.code !== from?.code) ??
    assets.find((a) => a.code !== from?.code);
  const available = availableOf(from?.code);
  const fromDecimals = from?.decimals ?? 8;
  const expired = held !== null && isQuoteExpired(held.deadline, now);

  // Any change to what is asked drops the quote: a quote is for exactly what it shows.
  const edit = (change: () => void) => {
    change();
    setHeld(null);
  };
  const pickFrom = (code: string) =>
    edit(() => {
      if (code === to?.code && from) setTo(from.code);
      setFrom(code);
    });
  const pickTo = (code: string) =>
    edit(() => {
      if (code === from?.code && to) setFrom(to.code);
      setTo(code);
    });
  const swap = () =>
    edit(() => {
      if (!from || !to) return;
      setFrom(to.code);
      setTo(from.code);
    });

  const getQuote = async () => {
    if (!from || !to || busy) return;
    const value = form.check(amountForm({ amount, decimals: fromDecimals, available }));
    if (value === null) return;
    // The pair shown stays put from here on, whatever the balances do after the exchange.
    setFrom(from.code);
    setTo(to.code);
    setBusy('quote');
    setHeld(null);
    const sentAt = Date.now();
    try {
      const quote = await moneyApi.quote({ from: from.code, to: to.code, amount: value });
      setHeld({ quote, deadline: quoteDeadline(quote, sentAt, Date.now()) });
    } catch {
      // The client toasted the reason.
    } finally {
      setBusy(null);
    }
  };

  const convert = async () => {
    if (!held || busy) return;
    if (isQuoteExpired(held.deadline, Date.now())) {
      // Never silently re-priced: a new quote is fetched and shown, the user converts again.
      await getQuote();
      return;
    }
    const { quote } = held;
    setBusy('convert');
    try {
      await moneyApi.execute({ quoteId: quote.id, idempotencyKey: keys.keyFor(quote.id) });
      keys.done();
      setHeld(null);
      setAmount('');
      toast(t('results.exchangeDone'));
      await moneyMoved();
    } catch (error) {
      if (isApiError(error) && error.key === 'quote_expired') {
        setHeld((h) => (h && h.quote.id === quote.id ? { ...h, deadline: 0 } : h));
      } else if (isApiError(error) && error.key === 'quote_unknown') {
        setHeld(null);
      }
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (held ? convert() : getQuote());
  };

  const assetOptions = assets.map((a) => ({ value: a.code, label: a.code }));
  const quote = held?.quote;

  return (
    <div className="page-pad stack">
      <form className="card" onSubmit={submit} noValidate>
        <div className="transfer-accounts">
          <SelectField
            label={t('exchange.from')}
            value={from?.code ?? ''}
            options={assetOptions}
            onChange={(e) => pickFrom(e.target.value)}
            data-testid="exchange-from"
          />
          <button
            type="button"
            className="icon-btn swap-btn"
            onClick={swap}
            aria-label={t('exchange.swap')}
            title={t('exchange.swap')}
            data-testid="swap"
          >
            <Icon name="transfer" />
          </button>
          <SelectField
            label={t('exchange.to')}
            value={to?.code ?? ''}
            options={assetOptions}
            onChange={(e) => pickTo(e.target.value)}
            data-testid="exchange-to"
          />
        </div>
        <AmountField
          value={amount}
          error={form.errors.amount}
          onChange={(value) => edit(() => changeAmount(value))}
          onMax={() => edit(() => changeAmount(maxAmount(available, fromDecimals)))}
          asset={from?.code ?? ''}
          available={available}
          display={from}
        />
        <p className="field-hint transfer-from-funding">{t('exchange.fromFunding')}</p>

        {quote && held && (
          <div className={`quote-card${expired ? ' quote-card-expired' : ''}`} data-testid="quote">
            <KeyValueRow label={t('exchange.rate')} testId="quote-rate">
              1 {quote.from} ≈ {f.amount(quote.rate)} {quote.to}
            </KeyValueRow>
            <KeyValueRow label={t('exchange.spread')} testId="quote-spread">
              {f.percent(quote.spread)}
            </KeyValueRow>
            <KeyValueRow label={t('exchange.pay')} testId="quote-pay">
              {f.money(quote.fromAmount, from)} {quote.from}
            </KeyValueRow>
            <KeyValueRow label={t('exchange.receive')} testId="quote-receive">
              {f.money(
                quote.toAmount,
                assets.find((a) => a.code === quote.to),
              )}{' '}
              {quote.to}
            </KeyValueRow>
            <p
              className={`quote-countdown${expired ? ' quote-countdown-expired' : ''}`}
              data-testid="quote-countdown"
              aria-live="polite"
            >
              <Icon name="clock" size={16} />
              <span>
                {expired
                  ? t('exchange.expired')
                  : t('exchange.validFor', { count: secondsLeft(held.deadline, now) })}
              </span>
            </p>
          </div>
        )}

        {held ? (
          <Button type="submit" block loading={busy !== null} data-testid="convert">
            {expired ? t('exchange.refresh') : t('exchange.convert')}
          </Button>
        ) : (
          <Button type="submit" block loading={busy === 'quote'} data-testid="get-quote">
            {t('exchange.getQuote')}
          </Button>
        )}
        <p className="field-hint exchange-note">{t('exchange.note')}</p>
      </form>
      <Link to={EXCHANGE_LIST_PATH} className="menu menu-row records-link" data-testid="records-link">
        <Icon name="clock" size={20} />
        <span className="menu-row-main">{t('assets.exchangeList.title')}</span>
        <Icon name="chevron" size={18} />
      </Link>
    </div>
  );
}
