import { vipAdminEndpoints } from '@otc/protocol/vip/endpoints';
import type { AdminVipLevel } from '@otc/protocol/vip/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { formatTime } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { vipTexts } from './texts.ts';
import { VipScheduleDialog } from './VipScheduleDialog.tsx';
import { discountPercent } from './vipForm.ts';

const t = vipTexts.vip;

/** The VIP schedule: every level with its minimum volume, multiplier and users; admins edit it. */
export function VipLevelsPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<readonly AdminVipLevel[] | null>(null);
  const notice = useNotice();
  const levels = useQuery({ queryKey: queryKeys.vip, queryFn: ({ signal }) => adminApi.vipLevels(signal) });
  const mayEdit = useCan()(vipAdminEndpoints.update);
  const items = levels.data?.items ?? [];

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      filters={
        levels.isSuccess && (
          <span className="muted small" data-testid="vip-computed-at">
            {levels.data.computedAt ? t.computedAt(formatTime(levels.data.computedAt)) : t.neverComputed}
          </span>
        )
      }
      refreshTestId="vip-refresh"
      rights={{ allowed: mayEdit, hint: t.adminOnlyHint }}
      action={{
        label: t.edit,
        testId: 'vip-edit',
        disabled: !levels.isSuccess,
        onClick: () => {
          notice.clear();
          setEditing(items);
        },
      }}
      notice={notice}
      query={levels}
      testId="vip-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.level,
        { label: t.columns.minVolume, className: 'num' },
        { label: t.columns.feeMultiplier, className: 'num' },
        { label: t.columns.discount, className: 'num' },
        { label: t.columns.users, className: 'num' },
        t.columns.updatedAt,
      ]}
      after={
        editing && (
          <VipScheduleDialog
            levels={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              notice.show(t.savedNotice);
              void queryClient.invalidateQueries({ queryKey: queryKeys.vip });
              void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
            }}
          />
        )
      }
    >
      {items.map((level) => (
        <tr key={level.level} data-testid={`vip-level-${level.level}`}>
          <td className="strong">{t.levelName(level.level)}</td>
          <td className="num amount" data-testid="vip-min-volume">
            {level.minVolume}
          </td>
          <td className="num amount" data-testid="vip-multiplier">
            {level.feeMultiplier}
          </td>
          <td className="num amount">{t.percent(discountPercent(level.feeMultiplier))}</td>
          <td className="num" data-testid="vip-users">
            {level.users}
          </td>
          <td className="nowrap muted" title={level.updatedAt}>
            {formatTime(level.updatedAt)}
          </td>
        </tr>
      ))}
    </ListPage>
  );
}
