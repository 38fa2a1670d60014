/**
 * The navigation state registration hands the home page, so it greets a new user with "Welcome
 * to OTC Markets" rather than the returning user's "Welcome back" (issue #13).
 */
export const NEW_USER_STATE = { newUser: true } as const;

export function isNewUserState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { newUser?: unknown }).newUser === true;
}
