import { isDecimal, parseUnits } from '@otc/core';
import type { Instrument, UpdateInstrumentBody } from '@otc/protocol/market/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { failField } from '../http/errors.ts';
import { audit } from '../platform/audit.ts';
import type { MarketHub } from './hub.ts';

const COLUMNS = {
  tickSize: 'tick_size',
  lotSize: 'lot_size',
  minNotional: 'min_notional',
  maxLeverage: 'max_leverage',
  makerFee: 'maker_fee',
  takerFee: 'taker_fee',
  stampDuty: 'stamp_duty',
  halted: 'admin_halted',
} as const;

/**
 * An operator edits an instrument: trading parameters or a halt. Sizes must stay positive; the
 * change is stored, applied to the live market at once, and audited with its before and after.
 */
export async function updateInstrument(
  ctx: AppContext,
  req: FastifyRequest,
  hub: MarketHub,
  body: UpdateInstrumentBody,
): Promise<Instrument> {
  const spec = hub.instruments.get(body.symbol);
  if (!spec) failField('not_found', 'symbol');
  for (const field of ['tickSize', 'lotSize'] as const) {
    const v = body[field];
    if (v !== undefined && (!isDecimal(v) || parseUnits(v) <= 0n)) failField('field_invalid', field);
  }
  const sets: string[] = [];
  const params: unknown[] = [spec.symbol];
  const before: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
    const value = body[field];
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
    before[field] = field === 'halted' ? spec.adminHalted : spec[field];
  }
  if (sets.length > 0) {
    await ctx.db.tx(async (q) => {
      await q.query(`UPDATE instruments SET ${sets.join(', ')} WHERE symbol = $1`, params);
      await audit(q, req, 'instrument.update', spec.symbol, {
        before,
        after: { ...body, symbol: undefined },
      });
    });
    await hub.reloadInstrument(spec.symbol);
  }
  return hub.instrument(spec.symbol) as Instrument;
}
