import type { LoanProduct, LoanQuoteBody, LoanSummary } from '@otc/protocol/loan/schemas';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { useSession } from '../api/useSession.ts';
import { useDebounced } from '../app/useDebounced.ts';
import { useMoneyMoved } from '../money/balances.ts';
import { AmountField, Tabs } from '../money/screenParts.ts';
import { TradePasswordField } from '../money/TradePasswordField.tsx';
import { USDT_DISPLAY, useFormat } from '../money/useFormat.ts';
import { useMoneyForm } from '../money/useMoneyForm.ts';
import { Button } from '../ui/Button.tsx';
import { FieldError } from '../ui/Field.tsx';
import { toast } from '../ui/toast.ts';
import { loanApi, loanKeys } from './loanApi.ts';
import { maxToBorrow } from './loanFigures.ts';
import { LOAN_AMOUNT_DECIMALS, LOAN_FIELDS, loanForm, quoteBodyOf } from './loanForm.ts';
import { TO_LOAN_LIST_PATH } from './paths.ts';
import { QuoteCard } from './QuoteCard.tsx';

/** The server's refusals of a quote or an application that concern the amount (its 'Loan amount error'). */
const AMOUNT_KEYS: readonly string[] = ['loan_amount', 'amount_invalid', 'amount_precision'];

/**
 * The application: amount, term and collateral asset; the server's quote for them, in full,
 * before anything is confirmed; the agreement and (live users) the transaction password.
 */
export function ApplyForm({ product, summary }: { product: LoanProduct; summary: LoanSummary }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const demo = useSession().user?.kind === 'demo';
  const moneyMoved = useMoneyMoved();
  const form = useMoneyForm(LOAN_FIELDS, f.usdt);
  const [amount, setAmount] = useState('');
  const [termDays, setTermDays] = useState(product.terms[0] ?? 0);
  const [collateralAsset, setCollateralAsset] = useState(product.collateralAssets[0] ?? '');
  const [agreement, setAgreement] = useState(false);
  const [tradePassword, setTradePassword] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const keys = useRef(createIdempotencyKeys()).current;

  const values = {
    productId: product.id,
    amount,
    termDays,
    collateralAsset,
    agreement,
    tradePassword,
    demo,
  };
  // The quote is asked for once the choices have stood still a moment; compared as text, since a
  // new object each render would never settle.
  const wanted = JSON.stringify(quoteBodyOf(values));
  const settled = useDebounced(wanted, 350);
  const body = useMemo(() => JSON.parse(settled) as LoanQuoteBody | null, [settled]);
  const quote = useQuery({
    queryKey: loanKeys.quote(body as LoanQuoteBody),
    queryFn: () => loanApi.quote(body as LoanQuoteBody),
    enabled: body !== null,
    retry: false,
    staleTime: 0,
    // The collateral is priced at the index price: a quote left open follows it.
    refetchInterval: 30_000,
  });
  // Only a quote of what is on screen now is shown, never one of what was typed before.
  const shown = wanted === settled && body !== null ? quote.data : undefined;
  const quoteError = wanted === settled && body !== null ? quote.error : null;
  const amountError =
    form.errors.amount ??
    (isApiError(quoteError) && AMOUNT_KEYS.includes(quoteError.key) ? quoteError.msg : undefined);
  const otherQuoteError = quoteError && !amountError && isApiError(quoteError) ? quoteError.msg : undefined;

  const send = async () => {
    if (sending.current) return;
    const ready = form.check(loanForm(values));
    if (!ready || !shown) return;
    sending.current = true;
    setBusy(true);
    try {
      const loan = await loanApi.apply({
        ...ready,
        agreement,
        ...(demo ? {} : { tradePassword }),
        idempotencyKey: keys.keyFor(JSON.stringify(ready)),
      });
      keys.done();
      toast(t(loan.status === 'active' ? 'loan.apply.approved' : 'loan.apply.applied'));
      await moneyMoved();
      navigate(TO_LOAN_LIST_PATH);
    } catch (error) {
      if (isApiError(error) && error.key === 'trade_password_wrong') setTradePassword('');
      if (isApiError(error) && AMOUNT_KEYS.includes(error.key)) form.show('amount', error.msg);
      else form.fail(error);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <section className="card stack loan-apply" data-testid="loan-apply">
      <AmountField
        value={amount}
        error={amountError}
        onChange={(value) => {
          setAmount(value);
          form.clear('amount');
        }}
        onMax={() => {
          setAmount(maxToBorrow(summary.availableLimit, product.maxAmount, LOAN_AMOUNT_DECIMALS));
          form.clear('amount');
        }}
        asset={product.asset}
        available={summary.availableLimit}
        display={USDT_DISPLAY}
      />
      <div className="loan-choice">
        <span className="field-label">{t('loan.apply.term')}</span>
        <Tabs
          tabs={product.terms.map((days) => ({
            id: String(days),
            label: t('loan.apply.days', { days }),
          }))}
          value={String(termDays)}
          onChange={(id) => setTermDays(Number(id))}
          testIdPrefix="loan-term-"
          label={t('loan.apply.term')}
          variant="segmented"
        />
      </div>
      <div className="loan-choice">
        <span className="field-label">{t('loan.apply.collateral')}</span>
        <Tabs
          tabs={product.collateralAssets.map((asset) => ({ id: asset, label: asset }))}
          value={collateralAsset}
          onChange={setCollateralAsset}
          testIdPrefix="loan-collateral-"
          label={t('loan.apply.collateral')}
          variant="segmented"
        />
      </div>
      <QuoteCard quote={shown} loading={body !== null && quote.isFetching && !shown} />
      {otherQuoteError && <FieldError name="quote" message={otherQuoteError} />}
      <div className="loan-agree">
        <label className="loan-agree-check">
          <input
            type="checkbox"
            name="agreement"
            data-testid="loan-agreement"
            checked={agreement}
            aria-invalid={form.errors.agreement ? true : undefined}
            onChange={(e) => {
              setAgreement(e.target.checked);
              form.clear('agreement');
            }}
          />
          <span>{t('loan.apply.agree')}</span>
        </label>
        {form.errors.agreement && <FieldError name="agreement" message={form.errors.agreement} />}
      </div>
      {!demo && (
        <TradePasswordField
          value={tradePassword}
          error={form.errors.tradePassword}
          onChange={(value) => {
            setTradePassword(value);
            form.clear('tradePassword');
          }}
        />
      )}
      <Button block loading={busy} disabled={!shown} onClick={() => void send()} data-testid="loan-submit">
        {t('loan.apply.submit')}
      </Button>
    </section>
  );
}
