import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { notificationsRoutes } from './routes.ts';

export type { NoticeKind } from '@otc/protocol/notifications/kinds';
/** After the commit, best effort: pushes each user's new unread count (and newest item's id) on their private socket channel. */
export { announceNotices } from './announce.ts';
/** Writes one notification in the caller's transaction (so it exists exactly when the event it reports does). */
export { notify } from './notify.ts';
/** The body of a CTE writing one notification per row of another, in a set-based statement (a job's million rows). */
export { noticesFrom } from './notify-set.ts';

/**
 * Each user's inbox (issue 14). Any area writes to it with `notify` inside the transaction of the
 * event it reports, then calls `announceNotices` after the commit; texts are translated when read.
 */
export function notificationsArea(ctx: AppContext): Area {
  return { name: 'notifications', routes: (app) => notificationsRoutes(app, ctx) };
}

/** The area as `areas.ts` lists it. */
export const notificationsModule: AreaModule = {
  tables: ['notifications'],
  build: (ctx) => notificationsArea(ctx),
};
