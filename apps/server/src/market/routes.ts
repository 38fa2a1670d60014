import { parseUnits } from '@otc/core';
import { marketContract as market } from '@otc/protocol/market/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { failField } from '../http/errors.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { latestAnnouncements, searchNews } from '../news/index.ts';
import { favorites, setFavorite } from './favorites.ts';
import type { MarketHub } from './hub.ts';
import { minuteHeads } from './tick-chain.ts';

const MOVERS = 8;

export function marketRoutes(app: FastifyInstance, ctx: AppContext, hub: MarketHub) {
  const listed = (filter: { kind?: string | undefined; class?: string | undefined }) =>
    [...hub.instruments.values()]
      .filter((s) => (!filter.kind || s.kind === filter.kind) && (!filter.class || s.class === filter.class))
      .map((s) => hub.instrument(s.symbol))
      .filter((i) => i !== undefined);
  const known = (symbol: string) => {
    if (!hub.instruments.has(symbol)) failField('not_found', 'symbol');
    return symbol;
  };

  route(app, market.instruments, async (req) => ({ items: listed(req.body ?? {}) }));
  route(app, market.search, async (req) => {
    const q = req.body.q.toLowerCase();
    const hits = listed({}).filter(
      (i) => i.symbol.toLowerCase().includes(q) || i.name.toLowerCase().includes(q),
    );
    return { items: hits.slice(0, 50), news: await searchNews(ctx, req.lang, req.body.q) };
  });
  route(app, market.home, async (req) => {
    const tickers = hub.tickers({ kind: 'spot' });
    const change = (t: { change24h: string }) => parseUnits(t.change24h);
    const byChange = [...tickers].sort((a, b) =>
      change(b) > change(a) ? 1 : change(b) < change(a) ? -1 : 0,
    );
    return {
      tickers,
      gainers: byChange.slice(0, MOVERS),
      losers: byChange.slice(-MOVERS).reverse(),
      announcements: await latestAnnouncements(ctx, req.lang),
    };
  });
  route(app, market.tickers, async (req) => ({ items: hub.tickers(req.body ?? {}) }));
  route(app, market.instrument, async (req) => {
    const symbol = known(req.body.symbol);
    return {
      instrument: hub.instrument(symbol) as NonNullable<ReturnType<MarketHub['instrument']>>,
      ticker: hub.ticker(symbol),
    };
  });
  route(app, market.candles, async (req) => ({
    items: await hub.candles(known(req.body.symbol), req.body.interval, req.body.before, req.body.limit),
  }));
  route(app, market.tickHeads, async (req) => ({
    items: await minuteHeads(ctx.db, known(req.body.symbol), req.body.before, req.body.limit),
  }));
  route(app, market.favorites, async (req) => ({ symbols: await favorites(ctx.db, userIdOf(req)) }));
  route(app, market.setFavorite, async (req) => ({
    symbols: await setFavorite(ctx.db, userIdOf(req), known(req.body.symbol), req.body.on),
  }));
}
