import { newsAdminEndpoints as admin } from '@otc/protocol/news/endpoints';
import type { AdminNews } from '@otc/protocol/news/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/call.ts';
import { useCan } from '../api/can.ts';
import { formatTime } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { NewsDialog } from './NewsDialog.tsx';
import { newsTexts } from './texts.ts';

const t = newsTexts.news;
const KEY = ['admin', 'news'] as const;

/** Every item, scheduled ones too, with its read count; admins write and edit (each save audited). */
export function NewsPage() {
  const client = useQueryClient();
  const can = useCan();
  const notice = useNotice();
  const [editing, setEditing] = useState<AdminNews | 'new' | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(admin.list, undefined, signal) });
  const mayWrite = can(admin.save);
  const items = list.data?.items ?? [];
  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      refreshTestId="news-refresh"
      rights={{ allowed: mayWrite, hint: t.adminOnlyHint }}
      action={{
        label: t.create,
        testId: 'news-create',
        onClick: () => {
          notice.clear();
          setEditing('new');
        },
      }}
      notice={notice}
      query={list}
      testId="news-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.title,
        t.columns.kind,
        t.columns.languages,
        t.columns.tags,
        t.columns.publishAt,
        t.columns.state,
        { label: t.columns.reads, className: 'num' },
        ...(mayWrite ? [t.columns.actions] : []),
      ]}
      after={
        editing && (
          <NewsDialog
            item={editing === 'new' ? null : editing}
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
      {items.map((n) => (
        <tr key={n.id} data-testid={`news-${n.id}`}>
          {/* Operator text is shown as text: React escapes it. */}
          <td className="strong">{n.texts.en?.title}</td>
          <td>{t.kinds[n.kind]}</td>
          <td className="muted">{Object.keys(n.texts).join(', ')}</td>
          <td className="muted">{n.tags.join(', ')}</td>
          <td className="nowrap muted">{formatTime(n.publishAt)}</td>
          <td data-testid="news-state">{n.published ? t.published : t.scheduled}</td>
          <td className="num" data-testid="news-reads">
            {n.reads}
          </td>
          {mayWrite && (
            <td>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  notice.clear();
                  setEditing(n);
                }}
                data-testid="news-edit"
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
