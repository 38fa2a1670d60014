import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, PAGE_SIZE, queryKeys } from '../api/admin.ts';
import { texts } from '../texts.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { FilterInput } from '../ui/FilterInput.tsx';
import { formatTime, newestFirst } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { QueryTable } from '../ui/QueryTable.tsx';
import { RefreshButton } from '../ui/RefreshButton.tsx';
import { useListParams } from '../ui/useListParams.ts';

const t = texts.outbox;
const COLUMNS = 5;

export function OutboxPage() {
  const { page, filters, setFilter, setPage } = useListParams(['target'] as const);

  const outbox = useQuery({
    queryKey: [...queryKeys.outbox, { target: filters.target, page }],
    queryFn: ({ signal }) => adminApi.outbox({ target: filters.target, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  const items = newestFirst(outbox.data?.items ?? []);
  const total = outbox.data?.total ?? 0;

  return (
    <section className="page">
      <PageHeader title={t.title} subtitle={t.subtitle} />

      <div className="toolbar">
        <FilterInput
          name="target"
          label={t.targetLabel}
          placeholder={t.targetPlaceholder}
          value={filters.target}
          onChange={(value) => setFilter('target', value)}
          className="grow"
        />
        <div className="toolbar-end">
          <RefreshButton query={outbox} testId="outbox-refresh" />
        </div>
      </div>

      {outbox.isError && <ErrorAlert error={outbox.error} onRetry={() => outbox.refetch()} />}

      <QueryTable
        query={outbox}
        testId="outbox-table"
        columns={COLUMNS}
        isEmpty={items.length === 0}
        empty={t.empty}
        head={
          <>
            <th>{t.columns.time}</th>
            <th>{t.columns.channel}</th>
            <th>{t.columns.target}</th>
            <th>{t.columns.subject}</th>
            <th>{t.columns.body}</th>
          </>
        }
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
      </QueryTable>

      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={setPage}
        disabled={outbox.isFetching}
      />
    </section>
  );
}
