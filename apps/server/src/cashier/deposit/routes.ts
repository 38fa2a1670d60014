import { chainStatusContract } from '@otc/protocol/cashier/chain/contract';
import { depositAdminContract, depositContract } from '@otc/protocol/cashier/deposit/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/guard.ts';
import { route } from '../../http/route.ts';
import { audit } from '../../platform/audit.ts';
import { chainStatuses } from '../chain/status.ts';
import { depositChainsOf } from './chains.ts';
import { reservesReader } from './reserves.ts';
import * as deposits from './service.ts';

/** Chain deposits: the app's calls and the back office's (with the hot wallet and chain status). */
export function depositRoutes(app: FastifyInstance, ctx: AppContext) {
  const chains = depositChainsOf(ctx);
  const reserves = reservesReader(ctx, chains);
  route(app, depositContract.address, async (req) =>
    deposits.depositAddress(ctx, chains, callerOf(req), req.body),
  );
  route(app, depositContract.list, async (req) => deposits.depositList(ctx, callerOf(req), req.body));
  route(app, depositContract.reserves, async () => reserves());
  route(app, depositAdminContract.list, async (req) => deposits.adminDeposits(ctx, req.query));
  route(app, depositAdminContract.watcher, async () => deposits.watcherStates(ctx, chains));
  // The platform's wallets and balances, read from the chains: audited as an operator's look at them.
  route(app, chainStatusContract.status, async (req) => {
    const status = await chainStatuses(ctx, chains);
    await audit(ctx.db, req, 'funding.chain-status', null, { chains: status.items.map((c) => c.chainId) });
    return status;
  });
}
