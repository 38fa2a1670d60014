import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** Each part of the area registers its own calls, the app's and the back office's. */
export function fundingRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
