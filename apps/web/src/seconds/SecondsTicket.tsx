import type { SecondsDirection, SecondsProducts } from '@otc/protocol/seconds/schemas';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { loginPathFor } from '../app/returnTo.ts';
import { amountToSend, cleanAmountInput } from '../money/amounts.ts';
import { useMoneyMoved, useOverview } from '../money/balances.ts';
import { AmountAsset, KeyValueRow } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { confirm } from '../ui/dialog.ts';
import { Field } from '../ui/Field.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { secondsApi, secondsKeys } from './secondsApi.ts';
import { payoutOf, stakeProblem } from './secondsMath.ts';

const FIELDS = ['stake'] as const;
const USDT = { displayDecimals: 2 };

/**
 * The ticket: up or down, the period with its ratio, the stake and what a win pays, the risk
 * (break-even hit rate, the share of accounts that lost money), then buy after a confirmation that
 * repeats it all. A guest fills it in and is sent to log in; a refused user sees why.
 */
export function SecondsTicket({
  symbol,
  products,
  marketOpen,
  signedIn,
}: {
  symbol: string;
  products: SecondsProducts;
  marketOpen: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const location = useLocation();
  const overview = useOverview({ enabled: signedIn });
  const access = useQuery({ queryKey: secondsKeys.access, queryFn: secondsApi.access, enabled: signedIn });
  const moneyMoved = useMoneyMoved();
  const product = products.products.find((p) => p.symbol === symbol);
  const [direction, setDirection] = useState<SecondsDirection>('up');
  const [seconds, setSeconds] = useState<number>(product?.periods[0]?.seconds ?? 30);
  const [stake, setStake] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors<'stake'>(FIELDS);
  const keys = useRef(createIdempotencyKeys()).current;
  const period = product?.periods.find((p) => p.seconds === seconds) ?? product?.periods[0];
  const payout = period ? payoutOf(amountToSend(stake), period.ratio) : null;
  const available = overview.data?.accounts
    .find((a) => a.kind === 'contract')
    ?.balances.find((b) => b.asset === products.asset)?.available;
  const refused = access.data && !access.data.allowed ? access.data.message : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !period) return;
    const amount = amountToSend(stake);
    const problem = stakeProblem(amount, products.minStake, products.maxStake);
    if (problem) {
      form.show(
        'stake',
        t(`seconds.ticket.stake_${problem}`, {
          min: products.minStake,
          max: products.maxStake,
          asset: products.asset,
        }),
      );
      return;
    }
    const ok = await confirm(
      t('seconds.ticket.confirm', {
        direction: t(direction === 'up' ? 'seconds.ticket.up' : 'seconds.ticket.down'),
        symbol,
        seconds: period.seconds,
        stake: `${f.money(amount, USDT)} ${products.asset}`,
        payout: `${f.money(payoutOf(amount, period.ratio) ?? '0', USDT)} ${products.asset}`,
      }),
      {
        title: t('seconds.ticket.confirmTitle'),
        okText: t(direction === 'up' ? 'seconds.ticket.buyUp' : 'seconds.ticket.buyDown'),
        cancelText: t('seconds.ticket.keep'),
        messageTestId: 'seconds-confirm',
      },
    );
    if (!ok) return;
    const body = { symbol, direction, period: period.seconds, stake: amount };
    setBusy(true);
    try {
      await secondsApi.place(
        { ...body, idempotencyKey: keys.keyFor(JSON.stringify(body)) },
        { toast: false },
      );
      keys.done();
      setStake('');
      toast(t('seconds.ticket.bought'));
      await moneyMoved();
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  if (!product || !period) return null;
  return (
    <form className="card seconds-ticket" onSubmit={submit} noValidate>
      <div className="seconds-toggle">
        {(['up', 'down'] as const).map((d) => (
          <button
            key={d}
            type="button"
            className={`seconds-side seconds-side-${d}${direction === d ? ' seconds-side-on' : ''}`}
            aria-pressed={direction === d}
            onClick={() => setDirection(d)}
            data-testid={`dir-${d}`}
          >
            {t(d === 'up' ? 'seconds.ticket.up' : 'seconds.ticket.down')}
          </button>
        ))}
      </div>
      <div className="seconds-periods" role="radiogroup" aria-label={t('seconds.ticket.period')}>
        {product.periods.map((p) => (
          // biome-ignore lint/a11y/useSemanticElements: a chip row, not form radios
          <button
            key={p.seconds}
            type="button"
            role="radio"
            aria-checked={p.seconds === period.seconds}
            className={`seconds-period${p.seconds === period.seconds ? ' seconds-period-on' : ''}`}
            onClick={() => setSeconds(p.seconds)}
            data-testid={`period-${p.seconds}`}
          >
            <span>{t('seconds.ticket.periodChip', { seconds: p.seconds })}</span>
            <span className="seconds-ratio">{f.percent(p.ratio)}</span>
          </button>
        ))}
      </div>
      <Field
        label={t('seconds.ticket.stake')}
        name="stake"
        inputMode="decimal"
        autoComplete="off"
        value={stake}
        error={form.errors.stake}
        onChange={(e) => {
          setStake(cleanAmountInput(e.target.value));
          form.clear('stake');
        }}
        addon={<AmountAsset asset={products.asset} />}
        hint={
          available === undefined
            ? t('seconds.ticket.range', {
                min: products.minStake,
                max: products.maxStake,
                asset: products.asset,
              })
            : t('seconds.ticket.available', { amount: f.money(available, USDT), asset: products.asset })
        }
      />
      <KeyValueRow label={t('seconds.ticket.payout')} testId="seconds-payout">
        <span data-value={payout ?? ''}>{payout ? `${f.money(payout, USDT)} ${products.asset}` : '--'}</span>
      </KeyValueRow>
      <div className="risk-box" data-testid="seconds-risk">
        <p data-testid="break-even">
          {t('seconds.risk.breakEven', {
            rate: f.percent(period.breakEven),
            ratio: f.percent(period.ratio),
          })}
        </p>
        <p>{t('seconds.risk.rules')}</p>
        {products.lossShare && (
          <p className="risk-measured" data-testid="loss-share">
            {t('seconds.risk.lossShare', {
              share: f.percent(products.lossShare.share),
              days: products.lossShare.days,
            })}
          </p>
        )}
      </div>
      {refused && (
        <p className="seconds-refused" role="alert" data-testid="seconds-refused">
          {refused}
        </p>
      )}
      {!marketOpen && <p className="seconds-refused">{t('seconds.ticket.marketShut')}</p>}
      {signedIn ? (
        <Button
          type="submit"
          block
          loading={busy}
          disabled={!!refused || !marketOpen}
          className={`seconds-buy seconds-buy-${direction}`}
          data-testid="seconds-buy"
        >
          {t(direction === 'up' ? 'seconds.ticket.buyUp' : 'seconds.ticket.buyDown')}
        </Button>
      ) : (
        <Link
          className="btn btn-primary btn-block"
          to={loginPathFor(location.pathname + location.search)}
          data-testid="seconds-login"
        >
          {t('seconds.ticket.login')}
        </Link>
      )}
    </form>
  );
}
