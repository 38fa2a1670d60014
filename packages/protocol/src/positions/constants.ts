/**
 * Leveraged positions' vocabulary without zod (perpetuals and CFDs are one engine), for the web's
 * screens. PRODUCT.md "Perpetual contracts", "Stock and other CFDs".
 */
export const POSITION_PRODUCTS = ['perp', 'cfd'] as const;
export type PositionProduct = (typeof POSITION_PRODUCTS)[number];
export const POSITION_SIDES = ['long', 'short'] as const;
export const POSITION_ORDER_TYPES = ['market', 'limit'] as const;
/** open: a new or added position; close: lots of one; reverse: close all and open the other side; liquidate: the system's. */
export const POSITION_ACTIONS = ['open', 'close', 'reverse', 'liquidate'] as const;
export const POSITION_ORDER_STATUSES = ['open', 'filled', 'cancelled', 'rejected'] as const;
export const POSITION_STATUSES = ['open', 'closed'] as const;
/** revalued: closed at its entry, margin and fees returned, having been opened under issue 23's wrong valuation. */
export const CLOSE_REASONS = ['user', 'tp', 'sl', 'liquidation', 'reverse', 'closeall', 'revalued'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
/**
 * Why close all left a position open: the error key a single close of it would be refused with
 * (outside its session, halted, no price yet, no engine for it).
 */
export const CLOSE_ALL_SKIP_REASONS = [
  'market_closed',
  'market_halted',
  'no_mark_price',
  'trading_unavailable',
] as const;
export type CloseAllSkipReason = (typeof CLOSE_ALL_SKIP_REASONS)[number];

/**
 * The risk warning's measured share of live accounts that lost money (PRODUCT.md's rules by
 * jurisdiction, ESMA's disclosure): over positions closed in this many days, once the server's
 * minimum of accounts is reached (`POSITIONS_LOSS_SHARE_MIN_ACCOUNTS`, 100 by default).
 */
export const POSITIONS_LOSS_SHARE_DAYS = 365;
