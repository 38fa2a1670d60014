import { z } from 'zod';
import { decimalInput } from '../amounts.ts';
import type { ErrorKey } from '../errors.ts';
import { amountText } from '../ledger/schemas.ts';
import { symbol } from '../market/schemas.ts';
import { ALERT_CONDITIONS } from './constants.ts';

/**
 * Price alerts (docs/decisions/0160-price-alerts.md): a user's threshold on an instrument's index
 * price, told once as a notification when the price meets it. Prices are decimal strings.
 */
export const alertId = z.string().regex(/^\d{1,18}$/);
export const alertCondition = z
  .enum(ALERT_CONDITIONS)
  .describe(
    'rises_to / falls_to: the price reaches `price`; up_percent / down_percent: it moves by `percent` from the price when set',
  );
export type AlertCondition = z.infer<typeof alertCondition>;
export const alertStatus = z.enum(['active', 'triggered']);
export type AlertStatus = z.infer<typeof alertStatus>;

export const alert = z.object({
  id: alertId,
  symbol: z.string(),
  condition: alertCondition,
  percent: amountText.nullable().describe('The move asked for, in percent (percent conditions only)'),
  basePrice: amountText.describe('The index price when the alert was set'),
  target: amountText.describe('The price that fires it (a percent move turned into a price on the tick)'),
  status: alertStatus,
  createdAt: z.iso.datetime(),
  triggeredAt: z.iso.datetime().nullable(),
  triggeredPrice: amountText.nullable().describe('The index price that met the threshold'),
});
export type Alert = z.infer<typeof alert>;
export const alertList = z.object({
  items: z.array(alert).describe('Active alerts first, then the triggered ones, newest first'),
  active: z.number().int(),
  max: z.number().int().describe('The most active alerts a user may have'),
});
export type AlertList = z.infer<typeof alertList>;

export const alertListBody = z
  .strictObject({ symbol: symbol.optional().describe('Only this instrument’s alerts') })
  .optional();

const percentConditions: readonly AlertCondition[] = ['up_percent', 'down_percent'];
export const addAlertBody = z
  .strictObject({
    symbol,
    condition: alertCondition,
    price: decimalInput.optional().describe('rises_to / falls_to: the price, on the instrument’s tick'),
    percent: decimalInput.optional().describe('up_percent / down_percent: the move, 0.1 to 99'),
  })
  .refine((b) => (percentConditions.includes(b.condition) ? b.percent : b.price) !== undefined, {
    params: { error: 'field_required' satisfies ErrorKey },
    path: ['price'],
  });
export type AddAlertBody = z.infer<typeof addAlertBody>;
export const alertIdBody = z.strictObject({ id: alertId });
export const alertDeleted = z.object({ id: alertId, deleted: z.literal(true) });
