import { secondsContract as seconds } from '@otc/protocol/seconds/contract';
import type { FastifyInstance } from 'fastify';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import type { SecondsService } from './service.ts';

export function secondsRoutes(app: FastifyInstance, service: SecondsService) {
  route(app, seconds.products, async () => service.products());
  route(app, seconds.access, async (req) => service.access(userIdOf(req), req.lang));
  route(app, seconds.place, async (req) => service.place(userIdOf(req), req.body));
  route(app, seconds.orders, async (req) => service.orders(userIdOf(req), req.body));
  route(app, seconds.order, async (req) => service.order(userIdOf(req), req.body.id));
  route(app, seconds.proof, async (req) => service.proof(userIdOf(req), req.body.id));
}
