/**
 * The positions area's screens that the perpetual and CFD pages show (the ticket, the open positions,
 * the orders, the closed positions): one engine, one set of screens. Every page of perp/, cfd/ and
 * positions/ imports them from here, so the bundler keeps them in one chunk (each chunk's name in
 * the entry's preload lists weighs on the first route).
 */
import './positions.css';

export { ClosedPositions } from './ClosedPositions.tsx';
export { useDetailSymbol } from './lastViewed.ts';
export { PositionList } from './PositionList.tsx';
export { PositionOrders } from './PositionOrders.tsx';
export { PositionTicket } from './PositionTicket.tsx';
export { RiskWarning } from './RiskWarning.tsx';
export { RulesCard } from './RulesCard.tsx';
export { ThisInstrumentOnly, useThisInstrumentOnly } from './ThisInstrumentOnly.tsx';
export { TicketWithBar } from './TicketBar.tsx';
