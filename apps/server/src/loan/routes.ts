import { loanAdminContract as admin, loanContract as loan } from '@otc/protocol/loan/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { adminProducts, saveProduct } from './admin-products.ts';
import * as review from './review.ts';
import type { LoanService } from './service.ts';

/** The loan pages: the seed's calls (registered here, so their pending routes stand aside) and ours. */
export function loanRoutes(app: FastifyInstance, service: LoanService) {
  route(app, loan.products, async () => ({ list: await service.products() }));
  route(app, loan.summary, async (req) => service.summary(userIdOf(req)));
  route(app, loan.page, async (req) => ({
    summary: await service.summary(userIdOf(req)),
    products: await service.products(),
  }));
  route(app, loan.quote, async (req) => service.quote(userIdOf(req), req.body));
  route(app, loan.apply, async (req) => service.apply(userIdOf(req), req.body));
  route(app, loan.applySeed, async (req) => service.apply(userIdOf(req), req.body));
  route(app, loan.records, async (req) => service.records(userIdOf(req), req.body));
  route(app, loan.borrowPage, async (req) => service.records(userIdOf(req), req.body));
  route(app, loan.repay, async (req) => service.repay(userIdOf(req), req.body));
  route(app, loan.addCollateral, async (req) => service.addCollateral(userIdOf(req), req.body));
  route(app, loan.certification, async (req) => service.certification(userIdOf(req)));
  route(app, loan.certify, async (req) => service.certify(userIdOf(req), req.body));
}

/** Loans in the back office: products (admins save), review (reviewers and admins), the book. */
export function loanAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, admin.products, async () => adminProducts(ctx.db));
  route(app, admin.save, async (req) => saveProduct(ctx, req, req.body));
  route(app, admin.list, async (req) => review.list(ctx, req.query));
  route(app, admin.detail, async (req) => review.detail(ctx, req.query.id));
  route(app, admin.decide, async (req) => review.decide(ctx, req, req.body));
  route(app, admin.book, async () => review.book(ctx));
}
