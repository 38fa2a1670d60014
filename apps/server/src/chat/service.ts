import { CHAT_FLOOD_WINDOW_MS, chatTextProblem, floodAllows } from '@otc/core/chat/rules';
import type { ChatConversation, ChatMessage } from '@otc/protocol/chat/schemas';
import type { FastifyRequest } from 'fastify';
import { publishUserEvent } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http/errors.ts';
import { audit } from '../platform/audit.ts';
import { findImage, findOperatorUpload, findOwnUpload } from '../uploads/index.ts';
import type { Box, ConversationRow, MessageRow, Owner } from './queries.ts';
import * as queries from './queries.ts';

/** A message as the wire carries it; `read` is the other side's receipt. */
function toMessage(m: MessageRow, c: ConversationRow): ChatMessage {
  const readBy = m.author_kind === 'operator' ? c.customer_read_id : c.staff_read_id;
  return {
    id: m.id,
    conversationId: m.conversation_id,
    authorKind: m.author_kind,
    text: m.text,
    uploadId: m.upload_id,
    createdAt: new Date(m.created_at).toISOString(),
    read: BigInt(m.id) <= BigInt(readBy),
  };
}

function checkText(text: string): void {
  const problem = chatTextProblem(text);
  if (problem === 'empty') fail('chat_empty');
  if (problem === 'tooLong') fail('chat_too_long');
}

async function checkFlood(q: Queryable, c: ConversationRow, staff: boolean, now: number): Promise<void> {
  const sent = await queries.sentSince(q, c.id, staff, new Date(now - CHAT_FLOOD_WINDOW_MS));
  if (!floodAllows(sent, now)) fail('chat_flood');
}

function operatorOf(req: FastifyRequest): string {
  const id = req.operator?.id;
  if (!id) fail('unauthorized');
  return id;
}

/** The support chat for users, guests and operators (decision 0129). */
export class ChatService {
  constructor(private readonly ctx: AppContext) {}

  async conversation(o: Owner): Promise<ChatConversation> {
    const c = await queries.ownConversation(this.ctx.db, o);
    const unread = await queries.customerUnread(this.ctx.db, o);
    if (!c) return { id: null, status: null, unread, messages: [] };
    const rows = await queries.messages(this.ctx.db, c.id);
    return { id: c.id, status: c.status, unread, messages: rows.map((m) => toMessage(m, c)) };
  }

  /**
   * A customer's message: into their open conversation, or a new waiting one. A signed-in user may
   * send an image (their own upload of purpose chat), with or without text.
   */
  async send(o: Owner, text: string, uploadId?: string): Promise<ChatMessage> {
    if (uploadId === undefined || text !== '') checkText(text);
    const now = this.ctx.clock.now();
    return this.ctx.db.tx(async (q) => {
      if (uploadId !== undefined && !('userId' in o && (await findOwnUpload(q, uploadId, o.userId, 'chat'))))
        fail('chat_image');
      let c = await queries.ownConversation(q, o, true);
      if (!c || c.status === 'closed') c = await queries.openConversation(q, o, new Date(now));
      await checkFlood(q, c, false, now);
      const m = await queries.addMessage(
        q,
        c.id,
        'userId' in o ? 'user' : 'guest',
        null,
        text,
        new Date(now),
        uploadId ?? null,
      );
      return toMessage(m, c);
    });
  }

  async read(o: Owner): Promise<{ unread: number }> {
    const c = await queries.ownConversation(this.ctx.db, o);
    if (c) await queries.markRead(this.ctx.db, c.id, 'customer');
    return this.unread(o);
  }

  async unread(o: Owner): Promise<{ unread: number }> {
    return { unread: await queries.customerUnread(this.ctx.db, o) };
  }

  /** An image of the owner's conversation; any other answers exactly as a missing one. */
  async image(o: Owner, id: string) {
    const image = (await queries.ownImage(this.ctx.db, o, id)) && (await findImage(this.ctx.db, id));
    if (!image) fail('upload_not_found');
    return image;
  }

  adopt(device: string, userId: string): Promise<void> {
    return this.ctx.db.tx((q) => queries.adopt(q, device, userId));
  }

  private async row(c: ConversationRow) {
    return {
      id: c.id,
      status: c.status,
      userId: c.user_id,
      guest: c.user_id === null,
      operatorId: c.operator_id,
      unread: await queries.staffUnread(this.ctx.db, c.id),
      lastMessageAt: new Date(c.last_message_at).toISOString(),
    };
  }

  answerers() {
    return queries.answerers(this.ctx.db);
  }

  async queue(req: FastifyRequest, box: Box) {
    const rows = await queries.queue(this.ctx.db, box, operatorOf(req));
    return { items: await Promise.all(rows.map((c) => this.row(c))) };
  }

  /** One conversation for an operator; reading it marks the customer's messages read (their receipt). */
  async detail(id: string) {
    const found = await queries.conversation(this.ctx.db, id);
    if (!found) fail('chat_unknown');
    await queries.markRead(this.ctx.db, id, 'staff');
    const c = (await queries.conversation(this.ctx.db, id)) as ConversationRow;
    const rows = await queries.messages(this.ctx.db, id);
    return { ...(await this.row(c)), messages: rows.map((m) => toMessage(m, c)) };
  }

  /** Runs an operator action on a conversation, locked and audited in one transaction. */
  private async act(
    req: FastifyRequest,
    id: string,
    action: string,
    run: (q: Queryable, c: ConversationRow, operatorId: string) => Promise<Record<string, unknown>>,
    mustHold = true,
  ) {
    const operatorId = operatorOf(req);
    await this.ctx.db.tx(async (q) => {
      const c = await queries.conversation(q, id, true);
      if (!c) fail('chat_unknown');
      if (c.status === 'closed') fail('chat_closed');
      if (mustHold && c.operator_id !== operatorId) fail('chat_not_yours');
      const detail = await run(q, c, operatorId);
      await audit(q, req, action, c.user_id, { conversation: id, ...detail });
    });
    return this.row((await queries.conversation(this.ctx.db, id)) as ConversationRow);
  }

  take(req: FastifyRequest, id: string) {
    return this.act(
      req,
      id,
      'chat.take',
      async (q, c, operatorId) => {
        if (c.status !== 'waiting') fail('chat_not_yours');
        await queries.setHolder(q, id, 'open', operatorId);
        return {};
      },
      false,
    );
  }

  handOver(req: FastifyRequest, id: string, to: string) {
    return this.act(req, id, 'chat.hand_over', async (q) => {
      if (!(await queries.isAnswerer(q, to))) fail('chat_unknown');
      await queries.setHolder(q, id, 'open', to);
      return { to };
    });
  }

  close(req: FastifyRequest, id: string) {
    return this.act(req, id, 'chat.close', async (q, c) => {
      await queries.setHolder(q, id, 'closed', c.operator_id);
      return {};
    });
  }

  /**
   * An operator's answer (text, an image of theirs or both), audited; the user sees it live on
   * their socket. The image must be an operator's upload of purpose chat, and the conversation a
   * signed-in user's: a guest reads no images (their calls carry only a device token).
   */
  async answer(req: FastifyRequest, id: string, text: string, uploadId?: string): Promise<ChatMessage> {
    if (uploadId === undefined || text !== '') checkText(text);
    const now = this.ctx.clock.now();
    let sent: { m: MessageRow; c: ConversationRow } | undefined;
    await this.act(req, id, 'chat.send', async (q, c, operatorId) => {
      if (uploadId !== undefined && (c.user_id === null || !(await findOperatorUpload(q, uploadId, 'chat'))))
        fail('chat_image');
      await checkFlood(q, c, true, now);
      const m = await queries.addMessage(
        q,
        id,
        'operator',
        operatorId,
        text,
        new Date(now),
        uploadId ?? null,
      );
      sent = { m, c };
      return uploadId === undefined ? { message: m.id } : { message: m.id, upload: uploadId };
    });
    const { m, c } = sent as { m: MessageRow; c: ConversationRow };
    const message = toMessage(m, c);
    if (c.user_id !== null) {
      const unread = await queries.customerUnread(this.ctx.db, { userId: c.user_id });
      publishUserEvent(this.ctx.bus, c.user_id, { kind: 'chat', message, unread });
    }
    return message;
  }
}
