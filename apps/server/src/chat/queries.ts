import type { Queryable } from '../db/db.ts';

/** The SQL of the support chat (the area's tables). */

export interface ConversationRow {
  id: string;
  user_id: string | null;
  device_token: string | null;
  status: 'waiting' | 'open' | 'closed';
  operator_id: string | null;
  customer_read_id: string;
  staff_read_id: string;
  last_message_at: Date;
}
export interface MessageRow {
  id: string;
  conversation_id: string;
  author_kind: 'user' | 'guest' | 'operator';
  text: string;
  upload_id: string | null;
  created_at: Date;
}

/** Whose conversation: a signed-in user's, or a guest device's (never both). */
export type Owner = { userId: string } | { device: string };

const COLUMNS = `id::text, user_id::text, device_token, status, operator_id::text, customer_read_id::text,
  staff_read_id::text, last_message_at`;
const ownerWhere = (o: Owner) =>
  'userId' in o
    ? { sql: 'user_id = $1', param: o.userId }
    : { sql: 'user_id IS NULL AND device_token = $1', param: o.device };

/** The owner's open conversation, else their latest; `lock` for the caller's transaction. */
export async function ownConversation(
  q: Queryable,
  o: Owner,
  lock = false,
): Promise<ConversationRow | undefined> {
  const w = ownerWhere(o);
  const [row] = await q.query<ConversationRow>(
    // By the column: `id` alone would be the text column `id::text` makes ("10" before "9").
    `SELECT ${COLUMNS} FROM chat_conversations WHERE ${w.sql}
     ORDER BY (status <> 'closed') DESC, chat_conversations.id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [w.param],
  );
  return row;
}

export async function conversation(
  q: Queryable,
  id: string,
  lock = false,
): Promise<ConversationRow | undefined> {
  const [row] = await q.query<ConversationRow>(
    `SELECT ${COLUMNS} FROM chat_conversations WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}

/**
 * Opens a waiting conversation for the owner; when a concurrent first message opened one just now
 * (the one-open unique indexes), that one is returned, locked.
 */
export async function openConversation(q: Queryable, o: Owner, at: Date): Promise<ConversationRow> {
  const [row] = await q.query<ConversationRow>(
    `INSERT INTO chat_conversations (user_id, device_token, created_at, last_message_at)
     VALUES ($1, $2, $3, $3) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    ['userId' in o ? o.userId : null, 'device' in o ? o.device : null, at],
  );
  return row ?? ((await ownConversation(q, o, true)) as ConversationRow);
}

export const messages = (q: Queryable, conversationId: string) =>
  q.query<MessageRow>(
    `SELECT id::text, conversation_id::text, author_kind, text, upload_id::text, created_at FROM chat_messages
     WHERE conversation_id = $1 ORDER BY chat_messages.id`,
    [conversationId],
  );

/** When one side's recent messages in a conversation were written (for the flood rule). */
export async function sentSince(
  q: Queryable,
  conversationId: string,
  staff: boolean,
  since: Date,
): Promise<number[]> {
  const rows = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM chat_messages WHERE conversation_id = $1 AND (author_kind = 'operator') = $2
     AND created_at > $3`,
    [conversationId, staff, since],
  );
  return rows.map((r) => new Date(r.created_at).getTime());
}

export async function addMessage(
  q: Queryable,
  conversationId: string,
  author: MessageRow['author_kind'],
  operatorId: string | null,
  text: string,
  at: Date,
  uploadId: string | null = null,
): Promise<MessageRow> {
  const [row] = await q.query<MessageRow>(
    `INSERT INTO chat_messages (conversation_id, author_kind, operator_id, text, created_at, upload_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text, conversation_id::text, author_kind, text, upload_id::text, created_at`,
    [conversationId, author, operatorId, text, at, uploadId],
  );
  await q.query('UPDATE chat_conversations SET last_message_at = $2 WHERE id = $1', [conversationId, at]);
  return row as MessageRow;
}

/** Marks everything in a conversation read by one side, up to its latest message. */
export async function markRead(
  q: Queryable,
  conversationId: string,
  side: 'customer' | 'staff',
): Promise<void> {
  const column = side === 'customer' ? 'customer_read_id' : 'staff_read_id';
  await q.query(
    `UPDATE chat_conversations SET ${column} = GREATEST(${column},
       COALESCE((SELECT max(id) FROM chat_messages WHERE conversation_id = $1), 0)) WHERE id = $1`,
    [conversationId],
  );
}

/** Operator messages the owner has not read, over all their conversations. */
export async function customerUnread(q: Queryable, o: Owner): Promise<number> {
  const w = 'userId' in o ? 'c.user_id = $1' : 'c.user_id IS NULL AND c.device_token = $1';
  const [row] = await q.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
     WHERE ${w} AND m.author_kind = 'operator' AND m.id > c.customer_read_id`,
    ['userId' in o ? o.userId : o.device],
  );
  return Number(row?.n ?? 0);
}

/** Customer messages the operators have not read in one conversation. */
export async function staffUnread(q: Queryable, conversationId: string): Promise<number> {
  const [row] = await q.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
     WHERE c.id = $1 AND m.author_kind <> 'operator' AND m.id > c.staff_read_id`,
    [conversationId],
  );
  return Number(row?.n ?? 0);
}

export type Box = 'waiting' | 'mine' | 'others' | 'closed';

export const queue = (q: Queryable, box: Box, operatorId: string) =>
  q.query<ConversationRow>(
    `SELECT ${COLUMNS} FROM chat_conversations WHERE CASE $1::text
       WHEN 'waiting' THEN status = 'waiting'
       WHEN 'mine' THEN status = 'open' AND operator_id = $2
       WHEN 'others' THEN status = 'open' AND operator_id <> $2
       ELSE status = 'closed' END
     ORDER BY last_message_at DESC, chat_conversations.id DESC LIMIT 200`,
    [box, operatorId],
  );

export async function setHolder(
  q: Queryable,
  id: string,
  status: ConversationRow['status'],
  operatorId: string | null,
): Promise<void> {
  await q.query('UPDATE chat_conversations SET status = $2, operator_id = $3 WHERE id = $1', [
    id,
    status,
    operatorId,
  ]);
}

/** Whether an operator may answer chats (support or admin). */
export async function isAnswerer(q: Queryable, operatorId: string): Promise<boolean> {
  const [row] = await q.query(
    `SELECT 1 FROM operator_directory WHERE id = $1 AND role IN ('support', 'admin') AND active`,
    [operatorId],
  );
  return row !== undefined;
}

/** Who may hold a conversation: the active support and admin operators, by email. */
export function answerers(q: Queryable) {
  return q.query<{ id: string; email: string; role: 'admin' | 'support' }>(
    `SELECT id::text AS id, email, role FROM operator_directory
     WHERE role IN ('support', 'admin') AND active ORDER BY email`,
  );
}

/** A guest device's conversations become the user's: into the user's open one if any, else as they are. */
export async function adopt(q: Queryable, device: string, userId: string): Promise<void> {
  const [open] = await q.query<{ id: string }>(
    `SELECT id::text FROM chat_conversations WHERE user_id = $1 AND status <> 'closed' FOR UPDATE`,
    [userId],
  );
  const guest = await q.query<{ id: string; status: string }>(
    `SELECT id::text, status FROM chat_conversations WHERE user_id IS NULL AND device_token = $1 FOR UPDATE`,
    [device],
  );
  for (const g of guest) {
    if (open && g.status !== 'closed') {
      // The history moves into the user's open conversation; the emptied guest one is closed.
      await q.query('UPDATE chat_messages SET conversation_id = $2 WHERE conversation_id = $1', [
        g.id,
        open.id,
      ]);
      await q.query(`UPDATE chat_conversations SET status = 'closed', user_id = $2 WHERE id = $1`, [
        g.id,
        userId,
      ]);
    } else {
      await q.query('UPDATE chat_conversations SET user_id = $2 WHERE id = $1', [g.id, userId]);
    }
  }
}

/** Whether the image is in one of the owner's conversations (theirs or an operator's answer). */
export async function ownImage(q: Queryable, o: Owner, uploadId: string): Promise<boolean> {
  const w = ownerWhere(o);
  const rows = await q.query(
    `SELECT 1 FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
     WHERE m.upload_id = $2 AND c.${w.sql} LIMIT 1`,
    [w.param, uploadId],
  );
  return rows.length > 0;
}
