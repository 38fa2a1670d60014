import { texts } from '../texts.ts';
import { ALL_STATUSES } from './useStatusFilter.ts';

/**
 * The status filter of a review queue: its statuses in order, then "All" (or "All" first where it is
 * the queue's default).
 */
export function StatusSelect<S extends string>({
  label,
  statuses,
  labels,
  value,
  onChange,
  testId,
  allFirst = false,
}: {
  label: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  value: S | typeof ALL_STATUSES;
  onChange: (status: string) => void;
  testId: string;
  allFirst?: boolean;
}) {
  const all = <option value={ALL_STATUSES}>{texts.common.all}</option>;
  return (
    <label className="field field-inline">
      <span>{label}</span>
      <select name="status" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {allFirst && all}
        {statuses.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
        {!allFirst && all}
      </select>
    </label>
  );
}
