import { referralAdminEndpoints } from '@otc/protocol/referral/endpoints';
import type { AdminAgentSchedule } from '@otc/protocol/referral/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { formatTime } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { AgentScheduleDialog } from './AgentScheduleDialog.tsx';
import { referralApi, referralKeys } from './referralApi.ts';
import { referralTexts } from './texts.ts';

const t = referralTexts.agents;

/** The agent schedule: each level's ratio, what reaching and keeping it asks, its agents; admins edit it. */
export function AgentLevelsPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminAgentSchedule | null>(null);
  const notice = useNotice();
  const schedule = useQuery({
    queryKey: referralKeys.levels,
    queryFn: ({ signal }) => referralApi.levels(signal),
  });
  const mayEdit = useCan()(referralAdminEndpoints.save);
  const items = schedule.data?.levels ?? [];

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      filters={
        schedule.isSuccess && (
          <span className="muted small" data-testid="agents-default-ratio">
            {t.defaultRatio(schedule.data.defaultRatio)}
          </span>
        )
      }
      refreshTestId="agents-refresh"
      rights={{ allowed: mayEdit, hint: t.adminOnlyHint }}
      action={{
        label: t.edit,
        testId: 'agents-edit',
        disabled: !schedule.isSuccess,
        onClick: () => {
          notice.clear();
          if (schedule.data) setEditing(schedule.data);
        },
      }}
      notice={notice}
      query={schedule}
      testId="agents-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.level,
        { label: t.columns.ratio, className: 'num' },
        t.columns.upgrade,
        t.columns.maintain,
        { label: t.columns.agents, className: 'num' },
        t.columns.updatedAt,
      ]}
      after={
        editing && (
          <AgentScheduleDialog
            schedule={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              notice.show(t.savedNotice);
              void queryClient.invalidateQueries({ queryKey: referralKeys.levels });
              void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
            }}
          />
        )
      }
    >
      {items.map((level) => (
        <tr key={level.level} data-testid={`agents-level-${level.level}`}>
          <td className="strong">{t.levelName(level.level)}</td>
          <td className="num amount">{level.ratio}</td>
          <td className="amount">{t.condition(level.upgrade.validMembers, level.upgrade.dailyVolume)}</td>
          <td className="amount">{t.condition(level.maintain.validMembers, level.maintain.dailyVolume)}</td>
          <td className="num">{level.agents}</td>
          <td className="nowrap muted" title={level.updatedAt}>
            {formatTime(level.updatedAt)}
          </td>
        </tr>
      ))}
    </ListPage>
  );
}
