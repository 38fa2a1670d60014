import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { adopt as adoptRows } from './queries.ts';
import { chatAdminRoutes, chatRoutes } from './routes.ts';
import { ChatService } from './service.ts';

/**
 * The support chat (issue 27, docs/decisions/0129-chat.md): users and guests write, support and
 * admin operators take, answer, hand over and close (audited); operator messages reach the user live.
 */
export function chatArea(ctx: AppContext): Area {
  const service = new ChatService(ctx);
  return {
    name: 'chat',
    routes: (app) => {
      chatRoutes(app, service);
      chatAdminRoutes(app, service);
    },
  };
}

/** A guest device's conversations become the user's (to call on sign-in; auth builds on chat). */
export function adopt(ctx: AppContext, deviceToken: string, userId: string): Promise<void> {
  return new ChatService(ctx).adopt(deviceToken, userId);
}

/**
 * The same, in the caller's transaction: auth's sign-in and register adopt in the transaction that
 * opens the session, so a guest's history never stays behind a session that exists.
 */
export function adoptIn(q: Queryable, deviceToken: string, userId: string): Promise<void> {
  return adoptRows(q, deviceToken, userId);
}

/** The area as `areas.ts` lists it. */
export const chatModule: AreaModule = {
  tables: ['chat_conversations', 'chat_messages'],
  build: (ctx) => chatArea(ctx),
};
