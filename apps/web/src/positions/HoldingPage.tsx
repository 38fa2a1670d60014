import { PositionList } from './screens.ts';

/** Open positions across products (perpetuals and CFDs), live. */
export default function HoldingPage() {
  return (
    <div className="page-pad stack">
      <PositionList product="all" />
    </div>
  );
}
