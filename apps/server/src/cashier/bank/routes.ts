import { bankDepositAdminContract, bankDepositContract } from '@otc/protocol/cashier/bank/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/guard.ts';
import { route } from '../../http/route.ts';
import { bankDepositInfo, myBankDeposits, refuseDemo, submitBankDeposit } from './deposits.ts';
import { bankReview, bankReviewList, decideBank, setBankAccount } from './review.ts';

/** Bank deposits: the user's calls, and the back office's (any operator reads; the contract's roles decide). */
export function bankDepositRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, bankDepositContract.info, async (req) => {
    refuseDemo(callerOf(req));
    return bankDepositInfo(ctx.db);
  });
  route(app, bankDepositContract.submit, async (req) => submitBankDeposit(ctx, callerOf(req), req.body));
  route(app, bankDepositContract.list, async (req) => {
    const caller = callerOf(req);
    refuseDemo(caller);
    return myBankDeposits(ctx.db, caller.userId, req.query);
  });

  route(app, bankDepositAdminContract.account, async () => bankDepositInfo(ctx.db));
  route(app, bankDepositAdminContract.setAccount, async (req) => setBankAccount(ctx, req, req.body));
  route(app, bankDepositAdminContract.deposits, async (req) => bankReviewList(ctx, req.query));
  route(app, bankDepositAdminContract.deposit, async (req) => bankReview(ctx, req.query.id));
  route(app, bankDepositAdminContract.approve, async (req) =>
    decideBank(ctx, req, req.body.id, { approve: true }),
  );
  route(app, bankDepositAdminContract.reject, async (req) =>
    decideBank(ctx, req, req.body.id, { approve: false, reason: req.body.reason }),
  );
}
