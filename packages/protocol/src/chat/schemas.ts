import { z } from 'zod';

/**
 * The support chat (issue 27, decision 0129): one open conversation per user or guest device,
 * messages with their author's kind (only `operator` earns the staff badge: never from text), unread
 * counts both ways and read receipts.
 */
const id = z.string().regex(/^\d{1,19}$/);

/** A guest's device token: random, made and kept by the browser (32 bytes, base64url). */
export const deviceToken = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

export const chatAuthorKind = z.enum(['user', 'guest', 'operator']);

export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  authorKind: chatAuthorKind.describe('Who wrote it: only operator messages carry the staff badge'),
  text: z.string().describe('Plain text, shown as text (never as HTML); empty when it is an image alone'),
  uploadId: z
    .string()
    .nullable()
    .describe(
      'An image (upload of purpose chat, the user’s or an operator’s): the conversation’s owner reads it at /api/chat/image/:id, support at /api/admin/uploads/:id',
    ),
  createdAt: z.string(),
  read: z.boolean().describe('Whether the other side has read it (a read receipt)'),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatStatus = z.enum(['waiting', 'open', 'closed']);

export const chatConversation = z.object({
  id: z.string().nullable().describe('Null until the first message'),
  status: chatStatus.nullable(),
  unread: z.number().int().describe('Operator messages the caller has not read'),
  messages: z.array(chatMessage),
});
export type ChatConversation = z.infer<typeof chatConversation>;

export const chatSendBody = z.object({
  text: z.string().default(''),
  uploadId: z.string().max(64).optional(),
});
export const chatGuestBody = z.object({ deviceToken });
export const chatGuestSendBody = z.object({ deviceToken, text: z.string() });
export const customerUnread = z.object({ unread: z.number().int() });

/** The back office's queue. */
export const adminChatQueueQuery = z.object({ box: z.enum(['waiting', 'mine', 'others', 'closed']) });
export const adminChatRow = z.object({
  id: z.string(),
  status: chatStatus,
  userId: z.string().nullable(),
  guest: z.boolean(),
  operatorId: z.string().nullable(),
  unread: z.number().int().describe('Customer messages the operators have not read'),
  lastMessageAt: z.string(),
});
export const adminChatQueue = z.object({ items: z.array(adminChatRow) });
export const adminChatQuery = z.object({ id });
export const adminChatDetail = adminChatRow.extend({ messages: z.array(chatMessage) });
/** An answer: text, an image (an operator's upload of purpose chat), or both. */
export const adminChatSendBody = z.object({
  id,
  text: z.string().default(''),
  uploadId: z.string().max(64).optional(),
});
export const adminChatHandOverBody = z.object({ id, operatorId: id });
/** Who a conversation can be handed to: the active support and admin operators. */
export const adminChatAnswerers = z.object({
  items: z.array(z.object({ id: z.string(), email: z.string(), role: z.enum(['admin', 'support']) })),
});

export const adminChatIdBody = z.object({ id });
