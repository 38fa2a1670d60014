import { breakEvenRate, formatUnits, parseUnits } from '@otc/core';
import { SECONDS_MAX_RATIO } from '@otc/protocol/seconds/constants';
import { secondsAdminContract as admin } from '@otc/protocol/seconds/contract';
import type { AdminSecondsSettings } from '@otc/protocol/seconds/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { failField } from '../http/errors.ts';
import { route } from '../http/route.ts';
import type { MarketHub } from '../market/index.ts';
import { audit } from '../platform/audit.ts';
import * as queries from './queries.ts';

/**
 * The back office: the product's switch (globally, per country of verified nationality) and each
 * instrument's ratios, audited. There is no call that sets, changes or cancels a contract's outcome.
 */
export function secondsAdminRoutes(app: FastifyInstance, ctx: AppContext, market: MarketHub) {
  route(app, admin.settings, async () => adminSettings(ctx));
  route(app, admin.switch, async (req) => {
    const countries = [...new Set(req.body.blockedCountries)].sort();
    await ctx.db.tx(async (q) => {
      const before = await queries.settings(q);
      await queries.saveSettings(q, req.body.enabled, countries);
      await audit(q, req, 'seconds.switch', null, {
        before,
        after: { enabled: req.body.enabled, blockedCountries: countries },
      });
    });
    return adminSettings(ctx);
  });
  route(app, admin.ratios, async (req) => {
    const { symbol, periods } = req.body;
    if (!market.instruments.has(symbol)) failField('seconds_not_offered', 'symbol');
    const max = parseUnits(SECONDS_MAX_RATIO);
    const seen = new Set<number>();
    for (const p of periods) {
      const r = parseUnits(p.ratio);
      if (r <= 0n || r > max) failField('seconds_ratio_invalid', 'periods');
      if (seen.has(p.seconds)) failField('seconds_period_unknown', 'periods');
      seen.add(p.seconds);
    }
    const list = periods.map((p) => ({ seconds: p.seconds, ratio: formatUnits(parseUnits(p.ratio)) }));
    await ctx.db.tx(async (q) => {
      const before = await queries.periods(q, symbol);
      await queries.replacePeriods(q, symbol, list);
      await audit(q, req, 'seconds.ratios', symbol, {
        before: before.map((b) => ({ seconds: b.seconds, ratio: formatUnits(parseUnits(b.ratio)) })),
        after: list,
      });
    });
    return adminSettings(ctx);
  });
}

async function adminSettings(ctx: AppContext): Promise<AdminSecondsSettings> {
  const s = await queries.settings(ctx.db);
  const rows = await queries.periods(ctx.db);
  const instruments = new Map<string, AdminSecondsSettings['instruments'][number]>();
  for (const r of rows) {
    const i = instruments.get(r.symbol) ?? { symbol: r.symbol, periods: [] };
    const ratio = parseUnits(r.ratio);
    i.periods.push({
      seconds: r.seconds,
      ratio: formatUnits(ratio),
      breakEven: formatUnits(breakEvenRate(ratio)),
    });
    instruments.set(r.symbol, i);
  }
  return { ...s, instruments: [...instruments.values()], openContracts: await queries.openContracts(ctx.db) };
}
