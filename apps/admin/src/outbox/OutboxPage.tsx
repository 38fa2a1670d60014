import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, PAGE_SIZE, queryKeys } from '../api/admin.ts';
import { FilterInput } from '../ui/FilterInput.tsx';
import { formatTime, newestFirst } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useListParams } from '../ui/useListParams.ts';
import { outboxTexts } from './texts.ts';

const t = outboxTexts.outbox;

export function OutboxPage() {
  const { page, filters, setFilter, setPage } = useListParams(['target'] as const);

  const outbox = useQuery({
    queryKey: [...queryKeys.outbox, { target: filters.target, page }],
    queryFn: ({ signal }) => adminApi.outbox({ target: filters.target, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  const items = newestFirst(outbox.data?.items ?? []);

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      filters={
        <FilterInput
          name="target"
          label={t.targetLabel}
          placeholder={t.targetPlaceholder}
          value={filters.target}
          onChange={(value) => setFilter('target', value)}
          className="grow"
        />
      }
      refreshTestId="outbox-refresh"
      query={outbox}
      testId="outbox-table"
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[t.columns.time, t.columns.channel, t.columns.target, t.columns.subject, t.columns.body]}
      paging={{ page, total: outbox.data?.total ?? 0, onPage: setPage }}
    >
      {items.map((message) => (
        <tr key={message.id}>
          <td className="nowrap" title={message.createdAt}>
            {formatTime(message.createdAt)}
          </td>
          <td>
            <span className={`badge badge-${message.channel}`}>
              {t.channels[message.channel] ?? message.channel}
            </span>
          </td>
          <td className="nowrap">{message.target}</td>
          <td>{message.subject}</td>
          <td className="pre-wrap">{message.body}</td>
        </tr>
      ))}
    </ListPage>
  );
}
