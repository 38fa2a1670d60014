import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { HISTORY_PATH } from '../app/paths.ts';
import { useTabParam } from '../app/useTabParam.ts';
import { PickerPage } from '../market/screens.ts';
import {
  PositionList,
  PositionOrders,
  PositionTicket,
  ThisInstrumentOnly,
  TicketWithBar,
  useThisInstrumentOnly,
} from '../positions/screens.ts';

/**
 * Perpetual trading: pick a contract, its live price and a short chart, the order ticket (long or
 * short, market or limit, leverage, lots, TP/SL, costs and liquidation price before confirming),
 * then the user's perpetual positions and orders (all of them, or this contract's only). The ticket is taller than a phone's screen: a bar
 * fixed above the tab bar keeps Long and Short in reach until its button is on screen.
 */
export default function FuturesPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [side] = useTabParam('side');
  // Every open perpetual by default: a position on another contract stays in sight.
  const [only, setOnly] = useThisInstrumentOnly();
  // A short chart: the ticket comes right under it, and on a phone a bar keeps Long / Short in reach.
  return (
    <div className="pos-futures">
      <PickerPage
        pick="perp"
        render={(instrument) => (
          <>
            <TicketWithBar>
              <PositionTicket
                key={`${instrument.symbol}:${side ?? ''}`}
                product="perp"
                instrument={instrument}
                initialSide={side === 'sell' ? 'short' : 'long'}
                signedIn={token !== null}
              />
            </TicketWithBar>
            {token !== null && (
              <>
                <ThisInstrumentOnly on={only} onChange={setOnly} />
                <PositionList product="perp" symbol={only ? instrument.symbol : undefined} />
                <PositionOrders product="perp" symbol={only ? instrument.symbol : null} />
                <Link to={HISTORY_PATH} className="pos-link" data-testid="to-history">
                  {t('positions.list.history')}
                </Link>
              </>
            )}
          </>
        )}
      />
    </div>
  );
}
