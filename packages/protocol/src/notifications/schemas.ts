import { z } from 'zod';
import type { ErrorKey } from '../errors.ts';
import { NOTICE_KINDS } from './kinds.ts';

/** A notification's id as the API carries it (a bigint as text). */
export const noticeId = z.string().regex(/^\d{1,18}$/);

export const noticeListBody = z
  .object({
    page: z.number().int().min(1).max(100000).default(1),
    pageSize: z.number().int().min(1).max(50).default(20),
  })
  .strict();

/** One notification, its texts in the reader's language (plain text: never render them as HTML). */
export const notice = z.object({
  id: noticeId,
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable().describe('An app path the notification offers to open'),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof notice>;

export const noticeList = z.object({
  items: z.array(notice),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NoticeList = z.infer<typeof noticeList>;

/** Mark one notification read (`id`) or all of the caller's (`all: true`): exactly one of the two. */
export const noticeReadBody = z
  .object({ id: noticeId.optional(), all: z.literal(true).optional() })
  .strict()
  .refine((b) => (b.id === undefined) !== (b.all === undefined), {
    params: { error: 'invalid_input' satisfies ErrorKey },
  });

export const noticeDetailBody = z.object({ id: noticeId }).strict();

export const noticeUnread = z.object({ unread: z.number().int() });
export type NoticeUnread = z.infer<typeof noticeUnread>;
