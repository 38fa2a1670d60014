import { InstrumentDetail } from '../market/screens.ts';

/** A contract's (or spot pair's) detail with its chart. */
export default function HeyueDetailPage() {
  return <InstrumentDetail />;
}
