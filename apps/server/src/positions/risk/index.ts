import type { Realm } from '@otc/protocol/ledger/schemas';
import { publishUserEvent } from '../../bus/user-channel.ts';
import type { AppContext } from '../../context.ts';
import { type MarketHub, marketModule } from '../../market/index.ts';
import type { Area, AreaModule, Stop } from '../../platform/area.ts';
import { positionsAdminRoutes } from '../admin/routes.ts';
import { positionJobs } from '../jobs.ts';
import { type PositionsArea, positionsModule } from '../module.ts';
import { conversionOf, quoteLegOf } from '../quote.ts';
import { toPosition } from '../rows.ts';
import { watchedOf } from '../trigger/store.ts';
import {
  announceTriggers,
  startTriggers,
  TRIGGERS_CHANNEL,
  type TriggersMessage,
} from '../trigger/triggers.ts';

/**
 * The positions' risk side, beside the engines: the funding job, the back office's routes, and,
 * in the process that owns the engines (once they are restored), the TP/SL/liquidation triggers.
 * An area of its own so the engines' module stays the engines'; it builds on it.
 */
export function positionRiskArea(ctx: AppContext, hub: MarketHub, positions: PositionsArea): Area {
  const mark = (symbol: string) => hub.price(symbol);
  const conversion = (symbol: string) => {
    const i = hub.instrument(symbol);
    return i ? conversionOf(i, mark) : null;
  };
  // The instruments whose quote converts through each USD leg (the catalogue's crosses), once.
  let byLeg: Map<string, string[]> | undefined;
  const crosses = () => {
    if (byLeg) return byLeg;
    byLeg = new Map();
    for (const e of positions.engines.all()) {
      const leg =
        e.realm === 'live' ? quoteLegOf(e.rules().instrument, (s) => hub.instrument(s) !== undefined) : null;
      if (leg) byLeg.set(leg, [...(byLeg.get(leg) ?? []), e.symbol]);
    }
    return byLeg;
  };
  return {
    name: 'positions-risk',
    jobs: positionJobs(ctx.log, {
      mark,
      // The process that owns the engines takes the new margins in (its triggers and its books).
      funded: (charged) => announceTriggers(ctx.bus, { positionIds: charged.flatMap((c) => c.positionIds) }),
    }),
    routes: (app) => positionsAdminRoutes(app, ctx, mark, conversion),
    start: async () => {
      // An operator's edit of an instrument's rules reaches every process's engines (spread, brackets, caps).
      const stopRules = ctx.bus.subscribe((m) => {
        if (m.channel !== TRIGGERS_CHANNEL || !('symbol' in (m.data as TriggersMessage))) return;
        positions.engines
          .reload()
          .catch((err: unknown) => ctx.log.error({ err }, 'position rules reload failed'));
      });
      let closed = false;
      let stopTriggers: Stop | undefined;
      const start = async () => {
        const triggers = await startTriggers({
          db: ctx.db,
          bus: ctx.bus,
          log: ctx.log,
          onIndexTick: (listener) => hub.onIndexTick(listener),
          conversion,
          quotedThrough: (leg) => crosses().get(leg) ?? [],
          onPositionChange: (listener) => positions.onPositionChange((c) => listener(watchedOf(c.position))),
          submitSystemClose: async (id, reason) => {
            const order = await positions.submitSystemClose(id, reason);
            // A refused close (no price, the market halted): the book arms the position again.
            if (order?.status === 'rejected') throw new Error(`system close refused: ${order.reason ?? ''}`);
            return order;
          },
          reloaded: (rows) => refreshEngines(ctx, positions, rows),
        });
        if (closed) triggers.stop();
        else stopTriggers = triggers.stop;
      };
      // Where the engines are owned now (one process, PGlite), the triggers watch before the app serves;
      // a standby starts them when it takes the engines over; elsewhere never.
      if (positions.desk.owns) await start();
      else
        positions.desk.owned
          .then(start)
          .catch((err: unknown) => ctx.log.error({ err }, 'position triggers failed to start'));
      return () => {
        closed = true;
        stopRules();
        stopTriggers?.();
      };
    },
  };
}

/** The area as `areas.ts` lists it, after the engines' (it starts once they do). */
export const positionRiskModule: AreaModule = {
  build: (ctx, need) => positionRiskArea(ctx, need(marketModule).hub, need(positionsModule)),
};

/**
 * Positions whose margin changed outside the engines (funding): each book's writer takes the stored
 * margin and funding into its own copy, as its writer (nothing of the book settles meanwhile).
 */
async function refreshEngines(
  ctx: AppContext,
  positions: PositionsArea,
  rows: { id: string; symbol: string; realm: Realm }[],
): Promise<void> {
  const books = new Map<string, { symbol: string; realm: Realm; ids: string[] }>();
  for (const r of rows) {
    const key = `${r.realm}|${r.symbol}`;
    const book = books.get(key) ?? { symbol: r.symbol, realm: r.realm, ids: [] };
    book.ids.push(r.id);
    books.set(key, book);
  }
  for (const book of books.values()) {
    const engine = positions.engines.get(book.symbol, book.realm);
    if (!engine) continue;
    await engine.exclusive(async () => {
      const stored = await ctx.db.query<{ id: string; margin: string; funding: string }>(
        'SELECT id::text AS id, margin::text AS margin, funding::text AS funding FROM positions WHERE id = ANY($1::bigint[])',
        [book.ids],
      );
      for (const s of stored) {
        const held = engine.positions.get(s.id);
        if (held?.status !== 'open') continue;
        held.margin = s.margin;
        held.funding = s.funding;
        // The owner's screens show the funded margin (and its liquidation price) live.
        publishUserEvent(ctx.bus, held.user_id, {
          kind: 'position',
          position: toPosition(held, engine.mark(), engine.rules().core.brackets, engine.conversion()),
        });
      }
    });
  }
}
