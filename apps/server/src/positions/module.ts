/**
 * The positions area's module, apart from `index.ts` so the risk sub-area (`risk/`), which
 * `index.ts` also exports, builds on it without importing itself back.
 */
import type { AppContext } from '../context.ts';
import { type Jurisdictions, jurisdictionModule } from '../jurisdiction/index.ts';
import { type MarketHub, marketModule } from '../market/index.ts';
import type { Area, AreaModule, Stop } from '../platform/area.ts';
import { takeEngines } from '../trading/ownership.ts';
import { checkPositions, positionsFrozen } from './check.ts';
import { PositionDesk } from './desk.ts';
import { PositionEngines } from './engines.ts';
import { type PositionChange, PositionEvents } from './events.ts';
import { LossShares } from './loss-share.ts';
import { positionRoutes } from './routes.ts';
import { seedPositionRules } from './rules.ts';

export interface PositionsArea extends Area {
  readonly engines: PositionEngines;
  readonly desk: PositionDesk;
  /**
   * The system's close of a position, where the engines run: at market for 'tp' and 'sl', the
   * liquidation settlement at the mark for 'liquidation' (fee to the insurance fund, a deficit from
   * the fund then the dealer, a notification). Undefined when the position is no longer open.
   */
  submitSystemClose(
    positionId: string,
    reason: 'tp' | 'sl' | 'liquidation',
  ): Promise<import('@otc/protocol/positions/schemas').PositionOrder | undefined>;
  /** Each position's new state after the commit that changed it, in this process. Returns how to stop. */
  onPositionChange(listener: (change: PositionChange) => void): () => void;
}

/**
 * Leveraged positions (issue 16): perpetuals and CFDs on one engine, through the trading pipeline
 * (group-commit intake for opening orders, one engine per instrument and realm, the owner-forwarding
 * desk). Engines are built when the area starts, once the market knows its instruments.
 */
export function positionsArea(
  ctx: AppContext,
  market: MarketHub,
  jurisdictions: Jurisdictions,
): PositionsArea {
  const events = new PositionEvents();
  const lossShares = new LossShares(ctx);
  let engines: PositionEngines | undefined;
  let desk: PositionDesk | undefined;
  const started = <T>(x: T | undefined): T => {
    if (!x) throw new Error('the positions area has not started');
    return x;
  };
  return {
    name: 'positions',
    get engines() {
      return started(engines);
    },
    get desk() {
      return started(desk);
    },
    seed: () => seedPositionRules(ctx.db),
    start: async () => {
      const e = await PositionEngines.create(ctx, market, events);
      engines = e;
      const d = new PositionDesk({ ctx, engines: e, market, events, jurisdictions });
      desk = d;
      // Ticks stop moving the books first; then the desk waits for the engines' writes, before the
      // ownership (pushed last by takeEngines) is released.
      const stops: Stop[] = [e.follow(), () => d.close()];
      await takeEngines(ctx, e.fence, d, (stop) => stops.push(stop));
      return async () => {
        for (const stop of stops) await stop();
      };
    },
    routes: (app) =>
      positionRoutes(
        app,
        { ctx, engines: started(engines), market, jurisdictions, lossShares },
        started(desk),
      ),
    submitSystemClose: (positionId, reason) => started(desk).system(positionId, reason),
    onPositionChange: (listener) => events.on(listener),
  };
}

/** The area as `areas.ts` lists it: on the market's prices; it checks its margins' freezes. */
export const positionsModule: AreaModule<PositionsArea> = {
  tables: [
    'positions',
    'position_orders',
    'position_rules',
    'position_closes',
    'funding_rates',
    'funding_payments',
  ],

  build: (ctx, need) => positionsArea(ctx, need(marketModule).hub, need(jurisdictionModule).rules),
  ledgerCheck: checkPositions,
  frozenHolders: positionsFrozen,
};
