import type { TestServer } from '../harness.ts';

/** TEMPORARY until the notices branch is merged: the user's notifications as the inbox stores them. */
export async function noticesOf(
  _s: TestServer,
  _userId: string,
): Promise<{ kind: string; params?: unknown }[]> {
  return [];
}
