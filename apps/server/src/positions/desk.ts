import type {
  CloseAllResult,
  PlacePositionOrderBody,
  Position,
  PositionOrder,
} from '@otc/protocol/positions/schemas';
import { Desk } from '../trading/desk.ts';
import type { PositionEngines } from './engines.ts';
import type { Caller, Env, Product } from './service.ts';
import * as service from './service.ts';

type Command =
  | { op: 'place'; caller: Caller; body: PlacePositionOrderBody; product: Product }
  | { op: 'cancel'; caller: Caller; id: string; product?: Product }
  | {
      op: 'close';
      caller: Caller;
      body: { id: string; lots?: string | undefined; idempotencyKey: string };
      product?: Product;
    }
  | { op: 'reverse'; caller: Caller; body: { id: string; idempotencyKey: string } }
  | { op: 'closeAll'; caller: Caller; body: { product?: Product | undefined; idempotencyKey: string } }
  | { op: 'tpsl'; caller: Caller; body: { id: string; tp: string | null; sl: string | null } }
  | { op: 'system'; positionId: string; reason: 'tp' | 'sl' | 'liquidation' };

/**
 * Where the positions' commands that need an engine run: the pipeline's owner-forwarding desk
 * (`trading/desk.ts`); forwarded ones time out after SPOT_FORWARD_TIMEOUT_MS as spot's do.
 */
export class PositionDesk extends Desk<Command, PositionEngines> {
  constructor(private readonly env: Env) {
    super('positions', env.engines, env.ctx.bus, env.ctx.log, env.ctx.config.spotForwardTimeoutMs);
  }

  place(caller: Caller, body: PlacePositionOrderBody, product: Product): Promise<PositionOrder> {
    return this.run({ op: 'place', caller, body, product }) as Promise<PositionOrder>;
  }

  cancel(caller: Caller, id: string, product?: Product): Promise<PositionOrder> {
    return this.run({ op: 'cancel', caller, id, ...(product ? { product } : {}) }) as Promise<PositionOrder>;
  }

  closePosition(
    caller: Caller,
    body: { id: string; lots?: string | undefined; idempotencyKey: string },
    product?: Product,
  ): Promise<PositionOrder> {
    return this.run({ op: 'close', caller, body, ...(product ? { product } : {}) }) as Promise<PositionOrder>;
  }

  reverse(caller: Caller, body: { id: string; idempotencyKey: string }): Promise<PositionOrder> {
    return this.run({ op: 'reverse', caller, body }) as Promise<PositionOrder>;
  }

  closeAll(
    caller: Caller,
    body: { product?: Product | undefined; idempotencyKey: string },
  ): Promise<CloseAllResult> {
    return this.run({ op: 'closeAll', caller, body }) as Promise<CloseAllResult>;
  }

  tpsl(caller: Caller, body: { id: string; tp: string | null; sl: string | null }): Promise<Position> {
    return this.run({ op: 'tpsl', caller, body }) as Promise<Position>;
  }

  system(positionId: string, reason: 'tp' | 'sl' | 'liquidation'): Promise<PositionOrder | undefined> {
    return this.run({ op: 'system', positionId, reason }) as Promise<PositionOrder | undefined>;
  }

  protected async local(c: Command): Promise<unknown> {
    const env = this.env;
    switch (c.op) {
      case 'place':
        return service.placeOrder(env, c.caller, c.body, c.product);
      case 'cancel':
        return service.cancelOrder(env, c.caller, c.id, c.product);
      case 'close':
        return service.closePosition(env, c.caller, c.body, c.product);
      case 'reverse':
        return service.reversePosition(env, c.caller, c.body);
      case 'closeAll':
        return service.closeAll(env, c.caller, c.body);
      case 'tpsl':
        return service.setTpSl(env, c.caller, c.body);
      case 'system':
        return service.submitSystemClose(env, c.positionId, c.reason);
    }
  }
}
