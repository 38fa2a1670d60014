import { type AdminPositionRules, positionsAdminEndpoints } from '@otc/protocol/positions/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../api/can.ts';
import { texts } from '../texts.ts';
import { formatPercent, formatQuantity, formatUsdt } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { positionKeys, positionsApi } from './positionsApi.ts';
import { RulesEditDialog } from './RulesEditDialog.tsx';
import { positionsTexts } from './texts.ts';

const t = positionsTexts.positionRules;

/** Every leveraged instrument's position rules; admins edit them (audited). */
export function PositionRulesPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminPositionRules | null>(null);
  const notice = useNotice();
  const rules = useQuery({
    queryKey: positionKeys.rules,
    queryFn: ({ signal }) => positionsApi.rules(signal),
  });
  const mayEdit = useCan()(positionsAdminEndpoints.updateRules);
  const items = rules.data?.items ?? [];

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      refreshTestId="position-rules-refresh"
      rights={{ allowed: mayEdit, hint: t.adminOnlyHint }}
      notice={notice}
      query={rules}
      testId="position-rules-table"
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.symbol,
        t.columns.product,
        { label: t.columns.spread, className: 'num' },
        t.columns.brackets,
        { label: t.columns.liquidationFee, className: 'num' },
        { label: t.columns.funding, className: 'num' },
        { label: t.columns.exposureCap, className: 'num' },
        ...(mayEdit ? [{ label: t.columns.actions, className: 'col-actions' }] : []),
      ]}
      after={
        editing && (
          <RulesEditDialog
            rules={editing}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              notice.show(t.savedNotice(saved.symbol));
              void queryClient.invalidateQueries({ queryKey: ['admin', 'positions'] });
            }}
          />
        )
      }
    >
      {items.map((r) => (
        <tr key={r.symbol} data-testid={`position-rules-${r.symbol}`}>
          <td>{r.symbol}</td>
          <td>{positionsTexts.positions.products[r.product]}</td>
          <td className="num mono">{formatPercent(r.spread)}</td>
          <td className="mono small">
            {r.brackets.map((b) => (
              <div key={b.notionalUpTo ?? 'last'}>
                {t.bracket(
                  b.notionalUpTo === null ? null : formatUsdt(b.notionalUpTo),
                  formatPercent(b.rate),
                )}
              </div>
            ))}
          </td>
          <td className="num mono">
            {formatPercent(r.liquidationFeeRate)} ({formatUsdt(r.liquidationFeeCap)})
          </td>
          <td className="num">
            {r.product === 'perp' ? t.hours(r.fundingIntervalHours) : texts.common.none}
          </td>
          <td className="num mono">{formatQuantity(r.exposureCap)}</td>
          {mayEdit && (
            <td className="col-actions">
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  notice.clear();
                  setEditing(r);
                }}
                data-testid={`position-rules-edit-${r.symbol}`}
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
