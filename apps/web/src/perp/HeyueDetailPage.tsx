import { useSearchParams } from 'react-router';
import { useInstruments } from '../market/index.ts';
import { InstrumentDetail } from '../market/screens.ts';
import { RulesCard } from '../positions/screens.ts';

/**
 * A contract's (or spot pair's) detail with its chart; a perpetual's adds its funding rate and
 * countdown and its rules (leverage cap, maintenance brackets, spread, fees).
 */
export default function HeyueDetailPage() {
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const { list } = useInstruments();
  const perp = list?.some((i) => i.symbol === symbol && i.kind === 'perp') ?? false;
  return <InstrumentDetail>{perp && <RulesCard product="perp" symbol={symbol} />}</InstrumentDetail>;
}
