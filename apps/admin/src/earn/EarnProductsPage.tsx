import { earnAdminEndpoints as admin } from '@otc/protocol/earn/endpoints';
import type { AdminEarnProduct } from '@otc/protocol/earn/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/call.ts';
import { useCan } from '../api/can.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { EarnProductDialog } from './EarnProductDialog.tsx';
import { earnTexts } from './texts.ts';

const t = earnTexts.earn;
const KEY = ['admin', 'earn', 'products'] as const;

/**
 * Earn products with their open subscriptions and the principal they lock; admins create and
 * change them (for new subscriptions only), each change audited by the server.
 */
export function EarnProductsPage() {
  const client = useQueryClient();
  const can = useCan();
  // null: no dialog; 'new': a new product; a product: that one's settings.
  const [editing, setEditing] = useState<AdminEarnProduct | 'new' | null>(null);
  const notice = useNotice();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(admin.products, undefined, signal) });
  const maySave = can(admin.save);
  const items = list.data?.items ?? [];
  const open = (what: AdminEarnProduct | 'new') => {
    notice.clear();
    setEditing(what);
  };
  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      refreshTestId="earn-refresh"
      rights={{ allowed: maySave, hint: t.adminOnlyHint }}
      action={{ label: t.create, testId: 'earn-create', onClick: () => open('new') }}
      notice={notice}
      query={list}
      testId="earn-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.name,
        t.columns.kind,
        { label: t.columns.amounts, className: 'num' },
        { label: t.columns.cycle, className: 'num' },
        { label: t.columns.rate, className: 'num' },
        { label: t.columns.penalty, className: 'num' },
        t.columns.status,
        { label: t.columns.active, className: 'num' },
        { label: t.columns.locked, className: 'num' },
        ...(maySave ? [t.columns.actions] : []),
      ]}
      after={
        editing && (
          <EarnProductDialog
            product={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              notice.show(t.savedNotice);
              void client.invalidateQueries({ queryKey: KEY });
              void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
            }}
          />
        )
      }
    >
      {items.map((p) => (
        <tr key={p.id} data-testid={`earn-product-${p.id}`}>
          <td className="strong">{p.name}</td>
          <td>{t.kinds[p.kind]}</td>
          <td className="num amount nowrap">
            {p.minAmount} – {p.maxAmount}
          </td>
          <td className="num">{p.cycleDays}</td>
          <td className="num amount nowrap">
            {p.rateMin === p.rateMax ? p.rateMin : `${p.rateMin} – ${p.rateMax}`}
          </td>
          <td className="num amount">{p.penaltyRate}</td>
          <td data-testid="earn-status">{t.statuses[p.status]}</td>
          <td className="num">{p.activeSubscriptions}</td>
          <td className="num amount">{p.lockedPrincipal}</td>
          {maySave && (
            <td>
              <button type="button" className="btn btn-small" onClick={() => open(p)} data-testid="earn-edit">
                {t.edit}
              </button>
            </td>
          )}
        </tr>
      ))}
    </ListPage>
  );
}
