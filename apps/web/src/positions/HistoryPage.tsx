import { ClosedPositions } from './screens.ts';

/** Closed positions across products with realised PnL, fees and funding. */
export default function HistoryPage() {
  return (
    <div className="page-pad stack">
      <ClosedPositions product="all" />
    </div>
  );
}
