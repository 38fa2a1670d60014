import type { LoanProduct, LoanSummary } from '@otc/protocol/loan/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { FRESH } from '../money/balances.ts';
import { displayRate } from '../money/rate.ts';
import { KeyValueRow, QueryState, Tabs } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ApplyForm } from './ApplyForm.tsx';
import { loanApi, loanKeys } from './loanApi.ts';
import { ltvText } from './loanFigures.ts';
import { CERTIFICATION_PATH, IDENTITY_PATH, TO_LOAN_LIST_PATH } from './paths.ts';
import './loan.css';

/**
 * `/pages/index/ToLoan`: the user's limits, what applying still needs (identity verification, the
 * certification), the products, and the application, whose every figure (the server's quote) is
 * shown before the user confirms.
 */
export default function ToLoanPage() {
  const { t } = useTranslation();
  const page = useQuery({ queryKey: loanKeys.page, queryFn: loanApi.page, ...FRESH });
  const [chosen, setChosen] = useState<string | null>(null);
  if (!page.data) {
    return (
      <div className="page-pad">
        <section className="card">
          <QueryState
            icon="coins"
            pending={page.isPending}
            error={page.error}
            onRetry={() => void page.refetch()}
          />
        </section>
      </div>
    );
  }
  const { summary, products } = page.data;
  const product = products.find((p) => p.id === chosen) ?? products[0];
  return (
    <div className="page-pad stack">
      <LimitsCard summary={summary} />
      <Requirements summary={summary} />
      {!product ? (
        <section className="card">
          <EmptyState icon="coins" title={t('loan.apply.noProducts')} />
        </section>
      ) : (
        <>
          {products.length > 1 && (
            <Tabs
              tabs={products.map((p) => ({ id: p.id, label: p.name }))}
              value={product.id}
              onChange={setChosen}
              testIdPrefix="loan-product-"
              label={t('loan.apply.product')}
              variant="pills"
            />
          )}
          <ProductCard product={product} />
          {/* Keyed by product: its terms and collateral assets are the choices' defaults. */}
          <ApplyForm key={product.id} product={product} summary={summary} />
        </>
      )}
    </div>
  );
}

function LimitsCard({ summary }: { summary: LoanSummary }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="card loan-limits" data-testid="loan-limits">
      <span className="loan-limits-label">{t('loan.apply.availableLimit')}</span>
      <span className="loan-limits-value" data-testid="loan-available-limit">
        {f.usdt(summary.availableLimit)} {summary.asset}
      </span>
      <KeyValueRow label={t('loan.apply.totalLimit')} testId="loan-total-limit">
        {f.usdt(summary.totalLimit)} {summary.asset}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.owedNow')} testId="loan-owed-now">
        {f.amount(summary.owedNow, 8)} {summary.asset}
      </KeyValueRow>
      <Link className="loan-link" to={TO_LOAN_LIST_PATH} data-testid="loan-records-link">
        {t('loan.apply.myLoans')}
      </Link>
    </section>
  );
}

/** What a live user still needs before applying, each with the way there; demo users need neither. */
function Requirements({ summary }: { summary: LoanSummary }) {
  const { t } = useTranslation();
  const demo = useSession().user?.kind === 'demo';
  if (demo || (summary.kycAdvanced && summary.certified)) return null;
  return (
    <section className="card loan-needs" data-testid="loan-requirements">
      {!summary.kycAdvanced && (
        <p className="loan-need">
          <span>{t('loan.apply.kycNeeded')}</span>
          <Link className="loan-link" to={IDENTITY_PATH} data-testid="loan-verify-link">
            {t('loan.apply.verify')}
          </Link>
        </p>
      )}
      {!summary.certified && (
        <p className="loan-need">
          <span>{t('loan.apply.certificationNeeded')}</span>
          <Link className="loan-link" to={CERTIFICATION_PATH} data-testid="loan-certify-link">
            {t('loan.apply.certify')}
          </Link>
        </p>
      )}
    </section>
  );
}

function ProductCard({ product }: { product: LoanProduct }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="card loan-product" data-testid={`loan-product-${product.id}`}>
      <h2 className="loan-name">{product.name}</h2>
      <KeyValueRow label={t('loan.apply.dailyRate')} testId="loan-product-rate">
        {displayRate(product.dailyRate, f.lang)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.range')} testId="loan-product-range">
        {f.usdt(product.minAmount)} – {f.usdt(product.maxAmount)} {product.asset}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.ltvLevels')} testId="loan-product-ltv">
        {[product.initialLtv, product.marginCallLtv, product.liquidationLtv]
          .map((ratio) => ltvText(ratio, f.lang))
          .join(' / ')}
      </KeyValueRow>
    </section>
  );
}
