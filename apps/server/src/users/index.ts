/**
 * The users area: the user record (profile, transaction password, platform-owned system users).
 * Other areas reach users only through this module; sign-in and sessions are the auth area's.
 */

export { usersArea, usersModule } from './area.ts';
export * as users from './queries.ts';
export { ensureSystemUser, getUser, userInfo } from './service.ts';
export { checkTradePassword, tradePasswordState } from './trade-password.ts';
export { toUser, USER_COLUMNS, type UserRow } from './user-row.ts';
