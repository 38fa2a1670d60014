import type { NoticeKind } from '@otc/protocol/notifications/kinds';
import type { Queryable } from '../db/db.ts';
import { insertNotice } from './queries.ts';

/** A link is a path inside the app: an outside address would send readers off the platform. */
const APP_PATH = /^\/(?!\/)[^\s\\]*$/;

export function checkLink(link: string | undefined): void {
  if (link !== undefined && !APP_PATH.test(link))
    throw new Error(`a notification's link must be an app path: ${link}`);
}

/**
 * Writes one notification in the caller's transaction (so it exists exactly when the event it
 * reports does). `params` are plain text the texts are filled with when read; `link` an app path.
 */
export async function notify(
  q: Queryable,
  userId: string,
  note: { kind: NoticeKind; params?: Record<string, string>; link?: string },
): Promise<void> {
  checkLink(note.link);
  await insertNotice(q, userId, note.kind, note.params ?? {}, note.link ?? null);
}
