import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { IndexTick } from '../market/index.ts';
import type { Area } from '../platform/area.ts';
import { positionsAdminRoutes } from './admin-routes.ts';
import type { FundingCharged } from './funding.ts';
import { positionJobs } from './jobs.ts';
import type { TriggerReason } from './trigger-book.ts';
import { type WatchedPosition, watchedOf } from './trigger-store.ts';
import { announceTriggers, startTriggers } from './triggers.ts';

/** What the risk side needs of the rest of the area: prices, the engines' event and system close. */
export interface RiskWiring {
  /** The market hub: index prices and their ticks. */
  hub: {
    price(symbol: string): string | undefined;
    onIndexTick(listener: (tick: IndexTick) => void): () => void;
  };
  /** The engines' position event (`PositionEvents.on`): each position's new state after commit. */
  onPositionChange(listener: (change: { position: Parameters<typeof watchedOf>[0] }) => void): () => void;
  /** The engines' system close (through the desk, so from any process). */
  submitSystemClose(positionId: string, reason: TriggerReason): Promise<unknown>;
  /** After funding moved these positions' margins: the engines take the new margins in. */
  funded?(charged: FundingCharged[]): void | Promise<void>;
}

/**
 * The positions area's risk side in one place, for its index.ts: the funding job, the back office's
 * routes, and the triggers to start where the engines run (after their books are restored).
 */
export function positionRisk(ctx: AppContext, w: RiskWiring) {
  const mark = (symbol: string) => w.hub.price(symbol);
  return {
    jobs: positionJobs(ctx.log, {
      mark,
      funded: async (charged) => {
        // The process watching the triggers reloads them (their liquidation prices moved).
        announceTriggers(ctx.bus, { positionIds: charged.flatMap((c) => c.positionIds) });
        await w.funded?.(charged);
      },
    }),
    adminRoutes: (app: FastifyInstance) => positionsAdminRoutes(app, ctx, mark),
    startTriggers: () =>
      startTriggers({
        db: ctx.db,
        bus: ctx.bus,
        log: ctx.log,
        onIndexTick: (listener) => w.hub.onIndexTick(listener),
        onPositionChange: (listener: (p: WatchedPosition) => void) =>
          w.onPositionChange((c) => listener(watchedOf(c.position))),
        submitSystemClose: w.submitSystemClose,
      }),
  };
}

/**
 * The risk side as an area of its own, until the positions area's index.ts takes its parts in:
 * the funding job and the back office's routes (the triggers start with the engines).
 */
export function positionRiskArea(ctx: AppContext, hub: RiskWiring['hub']): Area {
  const mark = (symbol: string) => hub.price(symbol);
  return {
    name: 'positions-risk',
    jobs: positionJobs(ctx.log, {
      mark,
      funded: (charged) => announceTriggers(ctx.bus, { positionIds: charged.flatMap((c) => c.positionIds) }),
    }),
    routes: (app) => positionsAdminRoutes(app, ctx, mark),
  };
}
