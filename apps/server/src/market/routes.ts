import { parseUnits } from '@otc/core';
import { envelope } from '@otc/protocol/envelope';
import {
  candleList,
  candlesBody,
  favoriteBody,
  favoritesList,
  homeData,
  instrumentDetail,
  instrumentFilter,
  instrumentList,
  searchBody,
  symbolBody,
  tickerList,
} from '@otc/protocol/market/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { failField } from '../http/errors.ts';
import { userIdOf } from '../http/guard.ts';
import { favorites, setFavorite } from './favorites.ts';
import type { MarketHub } from './hub.ts';

const tags = ['market'];
const MOVERS = 8;

export function marketRoutes(app: FastifyInstance, ctx: AppContext, hub: MarketHub) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listed = (filter: { kind?: string | undefined; class?: string | undefined }) =>
    [...hub.instruments.values()]
      .filter((s) => (!filter.kind || s.kind === filter.kind) && (!filter.class || s.class === filter.class))
      .map((s) => hub.instrument(s.symbol))
      .filter((i) => i !== undefined);
  const known = (symbol: string) => {
    if (!hub.instruments.has(symbol)) failField('not_found', 'symbol');
    return symbol;
  };

  r.post(
    '/api/common/coinlist',
    {
      schema: {
        tags,
        summary: 'Instruments (filter by kind or class)',
        body: instrumentFilter.optional(),
        response: { 200: envelope(instrumentList) },
      },
    },
    async (req) => ok(req, { items: listed(req.body ?? {}) }),
  );
  r.post(
    '/api/common/search',
    {
      schema: {
        tags,
        summary: 'Instruments whose symbol or name contains the query',
        body: searchBody,
        response: { 200: envelope(instrumentList) },
      },
    },
    async (req) => {
      const q = req.body.q.toLowerCase();
      const hits = listed({}).filter(
        (i) => i.symbol.toLowerCase().includes(q) || i.name.toLowerCase().includes(q),
      );
      return ok(req, { items: hits.slice(0, 50) });
    },
  );
  r.post(
    '/api/common/index',
    {
      schema: {
        tags,
        summary: 'Home: tickers, movers and announcements',
        body: z.object({}).passthrough().optional(),
        response: { 200: envelope(homeData) },
      },
    },
    async (req) => {
      const tickers = hub.tickers({ kind: 'spot' });
      const change = (t: { change24h: string }) => parseUnits(t.change24h);
      const byChange = [...tickers].sort((a, b) =>
        change(b) > change(a) ? 1 : change(b) < change(a) ? -1 : 0,
      );
      return ok(req, {
        tickers,
        gainers: byChange.slice(0, MOVERS),
        losers: byChange.slice(-MOVERS).reverse(),
        // Announcements come with the content issue.
        announcements: [],
      });
    },
  );
  r.post(
    '/api/market/tickers',
    {
      schema: {
        tags,
        summary: 'Tickers (filter by kind or class)',
        body: instrumentFilter.optional(),
        response: { 200: envelope(tickerList) },
      },
    },
    async (req) => ok(req, { items: hub.tickers(req.body ?? {}) }),
  );
  r.post(
    '/api/market/instrument',
    {
      schema: {
        tags,
        summary: 'One instrument with its ticker',
        body: symbolBody,
        response: { 200: envelope(instrumentDetail) },
      },
    },
    async (req) => {
      const symbol = known(req.body.symbol);
      return ok(req, {
        instrument: hub.instrument(symbol) as NonNullable<ReturnType<MarketHub['instrument']>>,
        ticker: hub.ticker(symbol),
      });
    },
  );
  r.post(
    '/api/market/candles',
    {
      schema: {
        tags,
        summary: 'Candles, oldest first; `before` pages back',
        body: candlesBody,
        response: { 200: envelope(candleList) },
      },
    },
    async (req) =>
      ok(req, {
        items: await hub.candles(known(req.body.symbol), req.body.interval, req.body.before, req.body.limit),
      }),
  );
  r.post(
    '/api/market/favorites',
    {
      schema: {
        tags,
        summary: "The user's favourite instruments",
        body: z.object({}).passthrough().optional(),
        response: { 200: envelope(favoritesList) },
      },
      config: { auth: 'user' },
    },
    async (req) => ok(req, { symbols: await favorites(ctx.db, userIdOf(req)) }),
  );
  r.post(
    '/api/market/favorite',
    {
      schema: {
        tags,
        summary: 'Star or unstar an instrument',
        body: favoriteBody,
        response: { 200: envelope(favoritesList) },
      },
      config: { auth: 'user' },
    },
    async (req) =>
      ok(req, { symbols: await setFavorite(ctx.db, userIdOf(req), known(req.body.symbol), req.body.on) }),
  );
}
