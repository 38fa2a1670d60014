import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { bankDepositRoutes } from './bank/routes.ts';
import { depositRoutes } from './deposit/routes.ts';
import { withdrawalRoutes } from './withdrawal/routes.ts';

/** Each part of the area registers its own calls, the app's and the back office's. */
export function cashierRoutes(app: FastifyInstance, ctx: AppContext): void {
  depositRoutes(app, ctx);
  bankDepositRoutes(app, ctx);
  withdrawalRoutes(app, ctx);
}
