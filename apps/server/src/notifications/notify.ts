import type { NoticeKind } from '@otc/protocol/notifications/kinds';
import type { Queryable } from '../db/db.ts';
import { insertNotice } from './queries.ts';

/** A link is a path inside the app: an outside address would send readers off the platform. */
const APP_PATH = /^\/(?!\/)[^\s\\]*$/;

/**
 * Writes one notification in the caller's transaction (so it exists exactly when the event it
 * reports does). `params` are plain text the texts are filled with when read; `link` an app path.
 */
export async function notify(
  q: Queryable,
  userId: string,
  note: { kind: NoticeKind; params?: Record<string, string>; link?: string },
): Promise<void> {
  if (note.link !== undefined && !APP_PATH.test(note.link))
    throw new Error(`a notification's link must be an app path: ${note.link}`);
  await insertNotice(q, userId, note.kind, note.params ?? {}, note.link ?? null);
}
