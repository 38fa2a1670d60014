import { usersContract as security } from '@otc/protocol/users/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { operatorActions } from './operator-actions.ts';
import { changeAvatar, changeNickname } from './service.ts';
import { setTradePassword } from './trade-password.ts';

/** The user's own record: transaction password, profile, the operators' actions on it (the security centre and settings). */
export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, security.setTradePassword, async (req) => {
    await setTradePassword(ctx, userIdOf(req), req.body);
    return null;
  });
  route(app, security.nickname, async (req) => changeNickname(ctx, userIdOf(req), req.body.nickname));
  route(app, security.avatar, async (req) => changeAvatar(ctx, userIdOf(req), req.body.avatar));
  route(app, security.operatorActions, async (req) => operatorActions(ctx, userIdOf(req), req.body));
}
