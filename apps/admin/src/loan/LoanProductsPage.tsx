import { loanAdminEndpoints as admin } from '@otc/protocol/loan/endpoints';
import type { AdminLoanProduct } from '@otc/protocol/loan/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../api/can.ts';
import { useSession } from '../api/session.tsx';
import { SuccessAlert } from '../ui/Alert.tsx';
import { formatPercent, formatQuantity } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { LoanProductDialog } from './LoanProductDialog.tsx';
import { loanApi, loanKeys } from './loanApi.ts';
import { loanTexts } from './texts.ts';

const t = loanTexts.loan.products;

/**
 * Loan products with their active loans and the principal they have out; admins create and change
 * them (for new applications only), each change audited by the server.
 */
export function LoanProductsPage() {
  const client = useQueryClient();
  const { me } = useSession();
  const can = useCan();
  // null: no dialog; 'new': a new product; a product: that one's settings.
  const [editing, setEditing] = useState<AdminLoanProduct | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({ queryKey: loanKeys.products, queryFn: ({ signal }) => loanApi.products(signal) });
  const maySave = can(admin.save);
  const items = list.data?.items ?? [];
  const open = (what: AdminLoanProduct | 'new') => {
    setNotice(null);
    setEditing(what);
  };
  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      refreshTestId="loan-products-refresh"
      toolbarEnd={
        maySave && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => open('new')}
            data-testid="loan-product-create"
          >
            {t.create}
          </button>
        )
      }
      notices={
        <>
          {me.data && !maySave && <p className="muted small section-hint">{t.adminOnlyHint}</p>}
          {notice && <SuccessAlert onDismiss={() => setNotice(null)}>{notice}</SuccessAlert>}
        </>
      }
      query={list}
      testId="loan-products-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.name,
        { label: t.columns.amounts, className: 'num' },
        t.columns.terms,
        { label: t.columns.rate, className: 'num' },
        { label: t.columns.ltv, className: 'num' },
        t.columns.collateral,
        t.columns.status,
        { label: t.columns.active, className: 'num' },
        { label: t.columns.outstanding, className: 'num' },
        ...(maySave ? [{ label: t.columns.actions, className: 'col-actions' }] : []),
      ]}
      after={
        editing && (
          <LoanProductDialog
            product={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              setNotice(t.savedNotice);
              void client.invalidateQueries({ queryKey: loanKeys.products });
              void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
            }}
          />
        )
      }
    >
      {items.map((p) => (
        <tr key={p.id} data-testid={`loan-product-${p.id}`}>
          <td className="strong">{p.name}</td>
          <td className="num amount nowrap">
            {formatQuantity(p.minAmount)} – {formatQuantity(p.maxAmount)}
          </td>
          <td className="nowrap" data-testid="loan-product-terms">
            {p.terms.join(', ')}
          </td>
          <td className="num amount" title={formatPercent(p.dailyRate)}>
            {p.dailyRate}
          </td>
          <td className="num nowrap" data-testid="loan-product-ltv">
            {[p.initialLtv, p.marginCallLtv, p.liquidationLtv].map(formatPercent).join(' / ')}
          </td>
          <td>{p.collateralAssets.join(', ')}</td>
          <td data-testid="loan-product-status">{t.statuses[p.status]}</td>
          <td className="num">{p.activeLoans}</td>
          <td className="num amount">{formatQuantity(p.outstandingPrincipal)}</td>
          {maySave && (
            <td className="col-actions">
              <button
                type="button"
                className="btn btn-small"
                onClick={() => open(p)}
                data-testid={`loan-product-edit-${p.id}`}
              >
                {t.edit}
              </button>
            </td>
          )}
        </tr>
      ))}
    </ListPage>
  );
}
