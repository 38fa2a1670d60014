import type { AuditEntry } from '@otc/protocol/admin/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, PAGE_SIZE, queryKeys } from '../api/admin.ts';
import { texts } from '../texts.ts';
import { FilterInput } from '../ui/FilterInput.tsx';
import { formatTime } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useListParams } from '../ui/useListParams.ts';
import { auditTexts } from './texts.ts';

const t = auditTexts.audit;

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

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      filters={
        <FilterInput
          name="action"
          label={t.actionLabel}
          placeholder={t.actionPlaceholder}
          value={filters.action}
          onChange={(value) => setFilter('action', value)}
        />
      }
      toolbarEnd={
        <button
          type="button"
          className="btn"
          onClick={() => void audit.refetch()}
          disabled={audit.isFetching}
        >
          {audit.isFetching ? texts.common.loading : texts.common.refresh}
        </button>
      }
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
      paging={{ page, total: audit.data?.total ?? 0, onPage: setPage }}
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
            <td className="mono nowrap">{entry.ip ?? <span className="muted">{texts.common.none}</span>}</td>
          </tr>
        );
      })}
    </ListPage>
  );
}
