/**
 * The positions area's screens that the perpetual and CFD pages show (the ticket, the open positions,
 * the orders, the closed positions): one engine, one set of screens.
 */
export { ClosedPositions } from './ClosedPositions.tsx';
export { PositionList } from './PositionList.tsx';
export { PositionOrders } from './PositionOrders.tsx';
export { PositionTicket } from './PositionTicket.tsx';
export { RulesCard } from './RulesCard.tsx';
