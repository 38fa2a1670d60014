import type { InstrumentKind } from '@otc/protocol/market/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SoonButton } from '../app/ComingSoon.tsx';
import { ticketPath } from '../app/paths.ts';

/**
 * The bar fixed at the bottom of an instrument page: Buy and Sell open the ticket of the
 * instrument's kind with it chosen and the side set, or, where that ticket is this very page and
 * not built yet (`soon`), a disabled "Coming soon".
 */
export function TradeBar({ symbol, kind, soon }: { symbol: string; kind: InstrumentKind; soon: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`trade-bar${soon ? ' trade-bar-soon' : ''}`} data-testid="trade-bar">
      {soon ? (
        <SoonButton />
      ) : (
        (['buy', 'sell'] as const).map((side) => (
          <Link
            key={side}
            to={ticketPath(symbol, kind, side)}
            className={`btn btn-block trade-bar-${side}`}
            data-testid={`detail-${side}`}
          >
            {t(side === 'buy' ? 'spot.side.buy' : 'spot.side.sell')}
          </Link>
        ))
      )}
    </div>
  );
}
