import { authEndpoints as auth } from '@otc/protocol/auth/endpoints';
import type { DemoSession } from '@otc/protocol/auth/schemas';
import { api } from '../api/client.ts';
import { cache, STORAGE_KEYS } from '../api/storage.ts';

/** A demo portfolio is worth coming back to for longer than the cache's default week. */
const DEMO_KEY_LIFETIME_SECONDS = 365 * 24 * 3600;

/**
 * "Try demo" back into the same demo user: the device sends the demo key it was given, and the
 * token of a signed-in real user (the server pairs that user with a demo user of their own, so it
 * goes even though the endpoint is public). A new key, given once, is kept; using one renews it.
 */
export async function loginDemo(): Promise<DemoSession> {
  const demoKey = cache.get<string>(STORAGE_KEYS.demoKey);
  const session = await api.post<DemoSession>(auth.loginDemo.path, demoKey ? { demoKey } : {}, {
    auth: true,
  });
  const kept = session.demoKey ?? demoKey;
  if (kept) cache.set(STORAGE_KEYS.demoKey, kept, DEMO_KEY_LIFETIME_SECONDS);
  return session;
}
