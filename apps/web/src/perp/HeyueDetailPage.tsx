import { useInstruments } from '../market/index.ts';
import { InstrumentDetail } from '../market/screens.ts';
import { RulesCard, useDetailSymbol } from '../positions/screens.ts';
import { DelayedSpinner } from '../ui/Spinner.tsx';

/**
 * A contract's (or spot pair's) detail with its chart; a perpetual's adds its funding rate and
 * countdown and its rules (leverage cap, maintenance brackets, spread, fees). Without `?symbol=`
 * it opens the last perpetual viewed, or the first.
 */
export default function HeyueDetailPage() {
  const symbol = useDetailSymbol('perp');
  const { list } = useInstruments();
  if (symbol === '' && list?.some((i) => i.kind === 'perp') !== false) return <DelayedSpinner />;
  const perp = list?.some((i) => i.symbol === symbol && i.kind === 'perp') ?? false;
  return <InstrumentDetail>{perp && <RulesCard product="perp" symbol={symbol} warn />}</InstrumentDetail>;
}
