import { withdrawalAdminContract, withdrawalContract } from '@otc/protocol/cashier/withdrawal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/guard.ts';
import { route } from '../../http/route.ts';
import { addressRoutes } from '../address/routes.ts';
import * as review from './review.ts';
import { wakeSender } from './sender.ts';
import * as withdrawals from './withdrawals.ts';

/** Withdrawals' calls: the address book, the user's withdrawals, and their review in the back office. */
export function withdrawalRoutes(app: FastifyInstance, ctx: AppContext) {
  addressRoutes(app, ctx);
  route(app, withdrawalContract.info, async (req) => withdrawals.info(ctx, callerOf(req)));
  route(app, withdrawalContract.withdraw, async (req) => {
    const done = await withdrawals.withdraw(ctx, callerOf(req), req.body);
    if (done.status === 'approved') wakeSender(ctx, done.chainId);
    return done;
  });
  route(app, withdrawalContract.list, async (req) => withdrawals.list(ctx, callerOf(req), req.body));

  route(app, withdrawalAdminContract.withdrawals, async (req) => review.withdrawals(ctx, req.query));
  route(app, withdrawalAdminContract.withdrawal, async (req) => review.withdrawal(ctx, req.query.id));
  route(app, withdrawalAdminContract.approve, async (req) =>
    review.approve(ctx, req, req.body.id, (chainId) => wakeSender(ctx, chainId)),
  );
  route(app, withdrawalAdminContract.reject, async (req) =>
    review.reject(ctx, req, req.body.id, req.body.reason),
  );
}
