import type { Realm } from '@otc/protocol/ledger/schemas';
import type { PlaceSpotOrderBody, SpotDepth, SpotOrder } from '@otc/protocol/spot/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { AppContext } from '../context.ts';
import { failField } from '../http/errors.ts';
import type { MarketHub } from '../market/index.ts';
import { Desk } from '../trading/desk.ts';
import type { SpotEngines } from './engines.ts';
import { cancelOrder, placeOrder } from './service.ts';

type Caller = { userId: string; realm: Realm };
type Command =
  | { op: 'place'; caller: Caller; body: PlaceSpotOrderBody }
  | { op: 'cancel'; userId: string; id: string }
  | { op: 'depth'; symbol: string; realm: Realm; levels: number };

/**
 * Where the spot commands that need a book run: the pipeline's owner-forwarding desk
 * (`trading/desk.ts`) with spot's commands; forwarded ones time out after SPOT_FORWARD_TIMEOUT_MS.
 */
export class SpotDesk extends Desk<Command, SpotEngines> {
  constructor(
    private readonly ctx: AppContext,
    engines: SpotEngines,
    private readonly market: MarketHub,
    bus: Bus,
    log: FastifyBaseLogger,
  ) {
    super('spot', engines, bus, log, ctx.config.spotForwardTimeoutMs);
  }

  place(caller: Caller, body: PlaceSpotOrderBody): Promise<SpotOrder> {
    return this.run({ op: 'place', caller, body }) as Promise<SpotOrder>;
  }

  cancel(userId: string, id: string): Promise<SpotOrder> {
    return this.run({ op: 'cancel', userId, id }) as Promise<SpotOrder>;
  }

  depth(symbol: string, realm: Realm, levels: number): Promise<SpotDepth> {
    return this.run({ op: 'depth', symbol, realm, levels }) as Promise<SpotDepth>;
  }

  protected async local(c: Command): Promise<unknown> {
    if (c.op === 'place') return placeOrder(this.engines, this.market, c.caller, c.body);
    if (c.op === 'cancel') return cancelOrder(this.ctx, this.engines, c.userId, c.id);
    const engine = this.engines.get(c.symbol, c.realm);
    if (!engine) failField('not_spot_market', 'symbol');
    return engine.depth(c.levels);
  }
}
