import { open, type RouteMeta } from '../app/route.ts';

/** The support area's routes (app/routes.ts lists each area's). */
export const supportRoutes: readonly RouteMeta[] = [open('/pages/webview/customer', 'support.chat.title')];
