import type { Position, PositionOrder } from './schemas.ts';

/**
 * Positions on the private `user` channel (zod-free): after each commit the owner hears
 * `{ kind: 'position', position }` (opened, changed or closed) and `{ kind: 'positionOrder', order }`
 * (an order's new state), as spot's orders are heard. The screens reload over HTTP after a reconnect.
 */
export type PositionEvent = { kind: 'position'; position: Position };
export type PositionOrderEvent = { kind: 'positionOrder'; order: PositionOrder };
