import { type AreaWord, wordsOf } from '../areas.ts';

/**
 * Every kind of notification, each declared by the area that writes it (its `area.ts`, listed in
 * `areas.ts`). A kind names the event a notification reports; its title and body are the server
 * messages `notice.<kind>.title` and `notice.<kind>.body`, filled with the notification's params in
 * the reader's language when it is read (zod-free: the web imports it).
 */
export const NOTICE_KINDS = wordsOf('noticeKinds') as readonly [NoticeKind, ...NoticeKind[]];
export type NoticeKind = AreaWord<'noticeKinds'>;
