import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { useInstruments } from '../market/index.ts';
import { InstrumentDetail } from '../market/screens.ts';
import { PositionTicket, RulesCard, useDetailSymbol } from '../positions/screens.ts';
import { DelayedSpinner } from '../ui/Spinner.tsx';

/**
 * A CFD's detail: live price, session state (the market-closed notice outside it), chart, then the
 * order ticket (leverage capped by class, stamp duty on stocks, the prepaid amount shown before
 * confirming: exactly what is frozen) and the instrument's rules. Without `?symbol=` it opens the
 * last CFD viewed, or the first.
 */
export default function StocksDetailPage() {
  const [params] = useSearchParams();
  const symbol = useDetailSymbol('cfd');
  const side = params.get('side');
  const { token } = useSession();
  const { list } = useInstruments();
  const instrument = list?.find((i) => i.symbol === symbol && i.kind === 'cfd');
  const ticket = useRef<HTMLDivElement>(null);
  // Buy and Sell at the bottom open this page's own ticket on that side: bring it into view.
  useEffect(() => {
    if (side && instrument) ticket.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [side, instrument]);
  // No symbol in the address: the last CFD viewed (or the first) is being put there.
  if (symbol === '' && list?.some((i) => i.kind === 'cfd') !== false) return <DelayedSpinner />;
  return (
    <InstrumentDetail>
      {instrument && (
        <div ref={ticket} className="stack">
          <PositionTicket
            key={`${symbol}:${side ?? ''}`}
            product="cfd"
            instrument={instrument}
            initialSide={side === 'sell' ? 'short' : 'long'}
            signedIn={token !== null}
          />
          <RulesCard product="cfd" symbol={symbol} />
        </div>
      )}
    </InstrumentDetail>
  );
}
