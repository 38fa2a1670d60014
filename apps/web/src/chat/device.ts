import { cache, STORAGE_KEYS } from '../api/storage.ts';

/** A year: a guest's conversation stays reachable from the device long after the last message. */
const DEVICE_LIFETIME_SECONDS = 365 * 24 * 3600;

/** 32 random bytes, base64url: the server accepts 16 to 128 such characters (protocol `deviceToken`). */
export function newDeviceToken(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)) {
  const bytes = random(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The device token a guest chat kept, if any (sign-in sends it once so the chat becomes the user's). */
export function storedDeviceToken(): string | undefined {
  return cache.get<string>(STORAGE_KEYS.chatDevice);
}

/** The guest's device token, made on the first use and kept in localStorage. */
export function guestDeviceToken(): string {
  const kept = storedDeviceToken();
  if (kept) return kept;
  const token = newDeviceToken();
  cache.set(STORAGE_KEYS.chatDevice, token, DEVICE_LIFETIME_SECONDS);
  return token;
}
