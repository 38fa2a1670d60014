import { texts } from '../texts.ts';

const t = texts.pagination;

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}

export function Pagination({ page, pageSize, total, onPage, disabled }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label="Pagination">
      <span className="muted">{total === 0 ? t.empty : t.range(from, to, total)}</span>
      <div className="pagination-controls">
        <button
          type="button"
          className="btn btn-small"
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
          data-testid="pagination-prev"
        >
          {t.prev}
        </button>
        <span className="pagination-page">{t.page(Math.min(page, pages), pages)}</span>
        <button
          type="button"
          className="btn btn-small"
          disabled={disabled || page >= pages}
          onClick={() => onPage(page + 1)}
          data-testid="pagination-next"
        >
          {t.next}
        </button>
      </div>
    </nav>
  );
}
