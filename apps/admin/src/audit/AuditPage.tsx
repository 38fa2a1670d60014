import type { AuditEntry } from '@otc/protocol/admin/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, PAGE_SIZE, queryKeys } from '../api/admin.ts';
import { texts } from '../texts.ts';
import { FilterInput } from '../ui/FilterInput.tsx';
import { formatTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { QueryTable } from '../ui/QueryTable.tsx';
import { useListParams } from '../ui/useListParams.ts';

const t = texts.audit;

function detailJson(detail: AuditEntry['detail']): { compact: string; pretty: string } {
  try {
    return { compact: JSON.stringify(detail ?? {}), pretty: JSON.stringify(detail ?? {}, null, 2) };
  } catch {
    return { compact: String(detail), pretty: String(detail) };
  }
}

export function AuditPage() {
  const { page, filters, setFilter, setPage } = useListParams(['action'] as const);

  const audit = useQuery({
    queryKey: [...queryKeys.audit, { action: filters.action, page }],
    queryFn: ({ signal }) => adminApi.audit({ action: filters.action, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  const items = audit.data?.items ?? [];
  const total = audit.data?.total ?? 0;

  return (
    <section className="page">
      <PageHeader title={t.title} subtitle={t.subtitle} />

      <div className="toolbar">
        <FilterInput
          name="action"
          label={t.actionLabel}
          placeholder={t.actionPlaceholder}
          value={filters.action}
          onChange={(value) => setFilter('action', value)}
        />
        <div className="toolbar-end">
          <button
            type="button"
            className="btn"
            onClick={() => void audit.refetch()}
            disabled={audit.isFetching}
          >
            {audit.isFetching ? texts.common.loading : texts.common.refresh}
          </button>
        </div>
      </div>

      <QueryTable
        region={t.title}
        query={audit}
        testId="audit-table"
        isEmpty={items.length === 0}
        empty={t.empty}
        headers={[
          t.columns.time,
          t.columns.operator,
          t.columns.action,
          t.columns.target,
          t.columns.detail,
          t.columns.ip,
        ]}
      >
        {items.map((entry) => {
          const json = detailJson(entry.detail);
          return (
            <tr key={entry.id}>
              <td className="nowrap" title={entry.createdAt}>
                {formatTime(entry.createdAt)}
              </td>
              <td title={entry.operatorId ?? undefined}>
                {entry.operatorEmail ?? entry.operatorId ?? <span className="muted">{t.system}</span>}
              </td>
              <td>
                <code className="code-chip">{entry.action}</code>
              </td>
              <td className="mono">{entry.target ?? <span className="muted">{texts.common.none}</span>}</td>
              <td className="detail">
                <code className="json" title={json.pretty}>
                  {json.compact}
                </code>
              </td>
              <td className="mono nowrap">
                {entry.ip ?? <span className="muted">{texts.common.none}</span>}
              </td>
            </tr>
          );
        })}
      </QueryTable>

      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={setPage}
        disabled={audit.isFetching}
      />
    </section>
  );
}
