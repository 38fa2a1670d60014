import { activityAdminEndpoints as admin } from '@otc/protocol/activity/endpoints';
import type { AdminActivity } from '@otc/protocol/activity/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/call.ts';
import { useCan } from '../api/can.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { formatTime } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { CreateActivityDialog } from './CreateActivityDialog.tsx';
import { activityTexts } from './texts.ts';

const t = activityTexts.activity;
const KEY = ['admin', 'activity'] as const;

/**
 * Deposit-bonus activities: each one's terms, bookings, the bonuses paid and those open bookings
 * would cost (what the promises cost before more are made); admins create, close and reopen them.
 */
export function ActivitiesPage() {
  const client = useQueryClient();
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const notice = useNotice();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(admin.list, undefined, signal) });
  const changed = (message: string) => {
    notice.show(message);
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
  const status = useMutation({
    mutationFn: (a: AdminActivity) =>
      call(admin.status, { id: a.id, status: a.status === 'active' ? 'closed' : 'active' }),
    onSuccess: (a) => changed(a.status === 'closed' ? t.closedNotice : t.reopenedNotice),
  });
  const mayCreate = can(admin.create);
  const mayClose = can(admin.status);
  const items = list.data?.items ?? [];
  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      refreshTestId="activity-refresh"
      rights={{ allowed: mayCreate, hint: t.adminOnlyHint }}
      action={{
        label: t.create,
        testId: 'activity-create',
        onClick: () => {
          notice.clear();
          setCreating(true);
        },
      }}
      notice={notice}
      notices={status.isError && <ErrorAlert error={status.error} />}
      query={list}
      testId="activity-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.title,
        { label: t.columns.target, className: 'num' },
        { label: t.columns.bonus, className: 'num' },
        t.columns.period,
        t.columns.phase,
        { label: t.columns.booked, className: 'num' },
        { label: t.columns.fulfilled, className: 'num' },
        { label: t.columns.lapsed, className: 'num' },
        { label: t.columns.paid, className: 'num' },
        { label: t.columns.owed, className: 'num' },
        ...(mayClose ? [t.columns.actions] : []),
      ]}
      after={
        creating && (
          <CreateActivityDialog
            onClose={() => setCreating(false)}
            onSaved={() => {
              setCreating(false);
              changed(t.createdNotice);
            }}
          />
        )
      }
    >
      {items.map((a) => (
        <tr key={a.id} data-testid={`activity-${a.id}`}>
          <td className="strong">{a.title}</td>
          <td className="num amount">{a.target}</td>
          <td className="num amount">{a.bonus}</td>
          <td className="nowrap muted">{t.period(formatTime(a.startsAt), formatTime(a.endsAt))}</td>
          <td data-testid="activity-phase">{t.phases[a.phase]}</td>
          <td className="num">{a.booked}</td>
          <td className="num">{a.fulfilled}</td>
          <td className="num">{a.lapsed}</td>
          <td className="num amount">{a.paid}</td>
          <td className="num amount" data-testid="activity-owed">
            {a.owed}
          </td>
          {mayClose && (
            <td>
              <button
                type="button"
                className="btn btn-small"
                disabled={status.isPending}
                onClick={() => status.mutate(a)}
                data-testid="activity-status"
              >
                {a.status === 'active' ? t.close : t.reopen}
              </button>
            </td>
          )}
        </tr>
      ))}
    </ListPage>
  );
}
