import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { texts } from '../texts.ts';
import { formatTime } from './format.ts';

/** A time cell: the one date style, the full ISO value in its title. */
export function TimeCell({ at }: { at: string }) {
  return (
    <td className="nowrap" title={at}>
      {formatTime(at)}
    </td>
  );
}

interface QueueLeadCellsProps {
  id: string;
  /** When the record was submitted or created. */
  at: string;
  /** The user's id, or what shows it (a link to their ledger). */
  user: ReactNode;
  /** The user's email, phone or wallet (null: none); left out where the queue has no such column. */
  account?: string | null;
}

/** The cells every review queue's row starts with: its id, its time, its user and their account. */
export function QueueLeadCells({ id, at, user, account }: QueueLeadCellsProps) {
  return (
    <>
      <td className="mono">{id}</td>
      <TimeCell at={at} />
      <td className="mono">{user}</td>
      {account !== undefined && <td className="break-all">{account ?? texts.common.none}</td>}
    </>
  );
}

/** When the record was decided, or none while it waits. */
export function DecidedCell({ at }: { at: string | null }) {
  return <td className="nowrap">{at ? formatTime(at) : texts.common.none}</td>;
}

/** The row's last cell: the link that opens the record on its own page, to be decided. */
export function OpenCell({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <td className="col-actions">
      <Link to={to} className="btn btn-small" data-testid={testId}>
        {label}
      </Link>
    </td>
  );
}
