import { z } from 'zod';
import { decimalInput } from '../amounts.ts';
import { amountText, idempotencyKey, pageBody } from '../ledger/schemas.ts';
import { INSTRUMENT_CLASSES, MARKET_STATUSES } from '../market/constants.ts';
import { instrument, signedDecimal, symbol } from '../market/schemas.ts';
import {
  CLOSE_ALL_SKIP_REASONS,
  CLOSE_REASONS,
  POSITION_ACTIONS,
  POSITION_ORDER_STATUSES,
  POSITION_ORDER_TYPES,
  POSITION_PRODUCTS,
  POSITION_SIDES,
  POSITION_STATUSES,
} from './constants.ts';

/**
 * Leveraged positions (issue 16): perpetuals (`/api/contract/*`) and CFDs (`/api/stock/*`) share one
 * engine and these shapes. A USDT-margined isolated position in lots at leverage 1..cap; the mark is
 * the instrument's index price. Amounts are decimal strings, times ms since the epoch.
 */
export const positionProduct = z.enum(POSITION_PRODUCTS);
export const positionSide = z.enum(POSITION_SIDES);
export const positionOrderType = z.enum(POSITION_ORDER_TYPES);
export const positionAction = z.enum(POSITION_ACTIONS);
export const positionOrderStatus = z.enum(POSITION_ORDER_STATUSES);
export const closeReason = z.enum(CLOSE_REASONS);

const id = z.string().regex(/^\d{1,18}$/);
const ms = z.number().int();

export const marginBracket = z.object({
  notionalUpTo: amountText.nullable().describe('Upper bound of the notional (USDT); null: above every other'),
  rate: amountText.describe('Maintenance margin rate within the bracket'),
});

/** What an instrument's positions follow, disclosed before any order. */
export const positionRulesView = z.object({
  product: positionProduct,
  maxLeverage: z.number().int().describe('The cap: min(class cap, the instrument’s maximum)'),
  countryCapped: z
    .boolean()
    .describe('True when the signed-in caller’s country’s rules lowered maxLeverage (decision 0146)'),
  closeOutLevel: amountText
    .nullable()
    .describe(
      'The signed-in caller’s country’s margin close-out: a new position is closed when its equity falls to this fraction of its initial margin (ESMA: 0.5); null: at the maintenance margin (decision 0150)',
    ),
  tickSize: amountText,
  lotSize: amountText,
  minLots: amountText,
  takerFee: amountText.describe('Fee rate on the notional, opening and closing'),
  stampDuty: amountText.describe('Rate on the notional when opening (stocks)'),
  spread: amountText.describe('Fills at mark x (1 + spread) buying, mark x (1 - spread) selling'),
  brackets: z.array(marginBracket),
  liquidationFeeRate: amountText,
  liquidationFeeCap: amountText.describe('USDT'),
  fundingIntervalHours: z.number().int(),
  fundingClamp: amountText,
  exposureCap: amountText.describe('The dealer’s net lots per instrument and realm, at most'),
});
export type PositionRulesView = z.infer<typeof positionRulesView>;

export const positionDetailBody = z.object({ symbol });
export const positionDetail = z.object({
  instrument,
  rules: positionRulesView,
  markPrice: amountText.nullable().describe('The index price now; null while the feed has none'),
  quoteRate: z
    .object({
      kind: z.enum(['par', 'own', 'rate']),
      num: amountText,
      den: amountText,
    })
    .nullable()
    .describe(
      'The quote currency in USDT now: par (USD), own (a USD/XXX pair: 1 / the price valued), or rate = num / den (a cross, through its USD leg); null while that leg has no price',
    ),
  fundingRate: signedDecimal.nullable().describe('Perpetuals: the next funding rate (+: longs pay)'),
  nextFundingAt: ms.nullable().describe('Perpetuals: when it is charged'),
  session: z.object({
    status: z.enum(MARKET_STATUSES),
    reason: z.enum(['session', 'stale', 'admin']).nullable(),
  }),
  lossShare: z
    .object({
      share: amountText.describe(
        'Live accounts whose positions of this product closed in the window lost money in all (realised PnL less fees, stamp duty and funding paid), over all such accounts, 0..1',
      ),
      accounts: z.number().int(),
      days: z.number().int(),
    })
    .nullable()
    .describe(
      'The risk warning’s measured share; null until enough accounts closed a position in the window',
    ),
});
export type PositionDetail = z.infer<typeof positionDetail>;

const optionalPrice = decimalInput.optional();
export const placePositionOrderBody = z.strictObject({
  symbol,
  side: positionSide,
  type: positionOrderType,
  lots: decimalInput.describe('Lots in base units'),
  leverage: z.number().int().describe('1 to the instrument’s cap'),
  price: optionalPrice.describe('Limit entry price; refused on market orders'),
  tp: optionalPrice.describe('Take-profit trigger on the mark'),
  sl: optionalPrice.describe('Stop-loss trigger on the mark'),
  idempotencyKey,
});
export type PlacePositionOrderBody = z.infer<typeof placePositionOrderBody>;

export const positionOrder = z.object({
  id: z.string(),
  symbol: z.string(),
  product: positionProduct,
  side: positionSide,
  type: positionOrderType,
  action: positionAction,
  positionId: z.string().nullable(),
  lots: amountText,
  price: amountText.nullable(),
  leverage: z.number().int(),
  tp: amountText.nullable(),
  sl: amountText.nullable(),
  frozen: amountText.describe('What the order holds frozen (margin + fee + stamp duty while open)'),
  status: positionOrderStatus,
  fillPrice: amountText.nullable(),
  reason: z.string().nullable(),
  createdAt: ms,
});
export type PositionOrder = z.infer<typeof positionOrder>;

export const position = z.object({
  id: z.string(),
  symbol: z.string(),
  product: positionProduct,
  side: positionSide,
  lots: amountText,
  entryPrice: amountText,
  leverage: z.number().int(),
  margin: amountText,
  closeOut: amountText.describe(
    'The close-out floor set at opening by the owner’s country: the lowest maintenance rate the position is held to (0.25: a 2x position closed at 50% of its initial margin); 0: the brackets alone (decision 0150)',
  ),
  tp: amountText.nullable(),
  sl: amountText.nullable(),
  fees: amountText,
  stampDuty: amountText,
  funding: signedDecimal.describe('Funding paid so far (+: paid, -: received)'),
  markPrice: amountText.nullable(),
  unrealisedPnl: signedDecimal.nullable(),
  returnRate: signedDecimal.nullable().describe('Fraction: unrealised PnL / margin'),
  riskRatio: amountText.nullable().describe('Maintenance / equity; null reads "--"'),
  liquidationPrice: amountText.nullable().describe('null reads "--"'),
  status: z.enum(POSITION_STATUSES),
  realisedPnl: signedDecimal,
  closePrice: amountText.nullable(),
  closeReason: closeReason.nullable(),
  openedAt: ms,
  closedAt: ms.nullable(),
});
export type Position = z.infer<typeof position>;

export const positionIdBody = z.strictObject({ id });
export const positionOrdersBody = pageBody.extend({
  status: z.enum(['open', 'history']).default('open'),
  symbol: symbol.optional(),
});
export const positionOrderPage = z.object({ items: z.array(positionOrder), total: z.number().int() });
export const positionsBody = z.object({ product: positionProduct.optional() }).optional();
export const positionList = z.object({ items: z.array(position) });
export const closePositionBody = z.strictObject({
  id,
  lots: decimalInput.optional().describe('Lots to close; all when left out'),
  idempotencyKey,
});
export const reversePositionBody = z.strictObject({ id, idempotencyKey });
export const closeAllBody = z.strictObject({ product: positionProduct.optional(), idempotencyKey });
export const positionOrderList = z.object({ items: z.array(positionOrder) });
export const closeAllSkipped = z.object({
  positionId: id,
  symbol,
  reason: z.enum(CLOSE_ALL_SKIP_REASONS).describe('The error key a close of this position alone gets now'),
});
/** Close all's answer: the closes it made (`items`, as before) and the positions it left open, with why. */
export const closeAllResult = positionOrderList.extend({ skipped: z.array(closeAllSkipped) });
export type CloseAllResult = z.infer<typeof closeAllResult>;
const trigger = decimalInput.nullable();
export const positionTpSlBody = z.strictObject({
  id,
  tp: trigger.describe('null: none'),
  sl: trigger.describe('null: none'),
});
export const positionHistoryBody = pageBody.extend({ product: positionProduct.optional() });

/** One close of a position: a partial close, the last one, a reverse's close or a liquidation. */
export const positionClose = z.object({
  orderId: z.string(),
  lots: amountText,
  price: amountText.describe('The fill price'),
  fee: amountText.nullable().describe('USDT; null for closes made before closes were recorded'),
  realisedPnl: signedDecimal.nullable().describe('USDT; null as fee'),
  reason: closeReason,
  triggerPrice: amountText.nullable().describe('The TP or SL price a tp / sl close was triggered at'),
  closedAt: ms,
});
export type PositionClose = z.infer<typeof positionClose>;

/**
 * A position in the history (closed, or still open after a partial close): its closes added up
 * (`lots` and `margin` are what is still open: 0 once closed) and each close itself, oldest first.
 */
export const closedPosition = position.extend({
  closedLots: amountText.describe('Lots closed so far (sum of the closes)'),
  exitPrice: amountText
    .nullable()
    .describe('Average exit price, lot-weighted, rounded half-up to 8 decimals; null: no close recorded'),
  closes: z.array(positionClose),
});
export type ClosedPosition = z.infer<typeof closedPosition>;
export const closedPositionPage = z.object({ items: z.array(closedPosition), total: z.number().int() });

/** CFDs (`/api/stock/*`): the seed's calls on the same engine. */
export const positionOrderDetail = z.object({ order: positionOrder, position: position.nullable() });
export const closeCfdBody = closePositionBody;
export const cfdHistoryBody = pageBody;
export const cfdPageBody = z.object({ class: z.enum(INSTRUMENT_CLASSES).optional() }).optional();
export const cfdPageItem = z.object({
  symbol: z.string(),
  name: z.string(),
  class: z.enum(INSTRUMENT_CLASSES),
  price: amountText.nullable(),
  change24h: signedDecimal.nullable(),
  maxLeverage: z.number().int(),
  stampDuty: amountText,
  status: z.enum(MARKET_STATUSES),
  statusReason: z.enum(['session', 'stale', 'admin']).nullable(),
});
export const cfdPage = z.object({ items: z.array(cfdPageItem) });
