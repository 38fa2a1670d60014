import { randomBytes } from 'node:crypto';
import type { ChatConversation, ChatMessage } from '@otc/protocol/chat/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adopt } from '../../../src/chat/index.ts';
import { translate } from '../../../src/i18n/translate.ts';
import { png } from '../kyc/kyc-fixtures.ts';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import {
  ADMIN,
  DATABASES,
  lastOutboxCode,
  manualClock,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

type Row = { id: string; status: string; operatorId: string | null; unread: number; guest: boolean };
let operators = 0;

describe.each(DATABASES)('the support chat on %s', (kind) => {
  let s: TestServer;
  const T0 = Date.parse('2027-06-01T09:00:00Z');
  const device = () => randomBytes(32).toString('base64url');

  /** A new operator of a role: their token and id. */
  async function operator(role: 'admin' | 'support' | 'reviewer') {
    const login = async (who: { email: string; password: string }) =>
      (await s.api<{ token: string }>('/api/admin/login', who)).body.data.token;
    const email = `${role}.${Date.now().toString(36)}.${operators++}@chat.test`;
    const password = 'Operator-pass-1';
    expect(
      (await s.api('/api/admin/operators', { email, password, role }, { token: await login(ADMIN) })).body
        .code,
    ).toBe(200);
    const [row] = await s.db.query<{ id: string }>('SELECT id::text FROM operators WHERE email = $1', [
      email,
    ]);
    return { token: await login({ email, password }), id: (row as { id: string }).id, email };
  }
  const mine = (token: string) => s.api<ChatConversation>('/api/chat/conversation', {}, { token });
  const send = (token: string, text: string, lang = 'en') =>
    s.api<ChatMessage>('/api/chat/send', { text }, { token, lang });
  const unread = async (token: string) =>
    (await s.api<{ unread: number }>('/api/common/getCustomerUnread', {}, { token })).body.data.unread;
  const op = (path: string, token: string, body: unknown) =>
    s.api<Row & ChatMessage>(`/api/admin/chat/${path}`, body, { token });
  const queue = async (token: string, box: string) =>
    (await s.api<{ items: Row[] }>(`/api/admin/chat/queue?box=${box}`, undefined, { token, method: 'GET' }))
      .body.data.items;
  const detail = (token: string, id: string) =>
    s.api<Row & { messages: ChatMessage[] }>(`/api/admin/chat/detail?id=${id}`, undefined, {
      token,
      method: 'GET',
    });
  const audits = async (conversation: string) =>
    (
      await s.db.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE action LIKE 'chat.%' AND detail->>'conversation' = $1 ORDER BY id`,
        [conversation],
      )
    ).map((r) => r.action);

  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    manualClock(s).set(T0);
  });
  afterAll(() => s.close());

  it('a user writes, an operator takes and answers live, unread counts and read receipts both ways', async () => {
    const u = await registerUser(s);
    const support = await operator('support');
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token: u.token });
    ws.send({ op: 'subscribe', channels: ['user'] });
    await ws.waitFor((f) => f.type === 'subscribed');

    const first = await send(u.token, 'Hello, my deposit is late');
    expect(first.body.data).toMatchObject({
      authorKind: 'user',
      text: 'Hello, my deposit is late',
      read: false,
    });
    const id = first.body.data.conversationId;
    const waiting = (await queue(support.token, 'waiting')).find((r) => r.id === id);
    expect(waiting).toMatchObject({ status: 'waiting', operatorId: null, unread: 1, guest: false });

    expect((await op('take', support.token, { id })).body.data).toMatchObject({
      status: 'open',
      operatorId: support.id,
    });
    expect((await queue(support.token, 'mine')).map((r) => r.id)).toContain(id);
    // Reading it is the operator's receipt: the user's message shows read, nothing unread for staff.
    const seen = await detail(support.token, id);
    expect(seen.body.data.unread).toBe(0);
    expect((await mine(u.token)).body.data.messages[0]).toMatchObject({ id: first.body.data.id, read: true });

    const answer = await op('send', support.token, { id, text: 'We are looking at it' });
    expect(answer.body.data).toMatchObject({ authorKind: 'operator', read: false });
    const event = await ws.waitFor(
      (f) => f.channel === 'user' && (f.data as { kind?: string }).kind === 'chat',
    );
    expect(event.data).toMatchObject({
      kind: 'chat',
      unread: 1,
      message: { text: 'We are looking at it', authorKind: 'operator' },
    });
    ws.close();

    expect(await unread(u.token)).toBe(1);
    const conv = (await mine(u.token)).body.data;
    expect(conv).toMatchObject({ id, status: 'open', unread: 1 });
    expect(conv.messages.map((m) => [m.authorKind, m.text])).toEqual([
      ['user', 'Hello, my deposit is late'],
      ['operator', 'We are looking at it'],
    ]);
    expect((await s.api<{ unread: number }>('/api/chat/read', {}, { token: u.token })).body.data.unread).toBe(
      0,
    );
    expect(await unread(u.token)).toBe(0);
    // The operator's receipt: their message is now read by the user.
    const after = await detail(support.token, id);
    expect(after.body.data.messages.find((m) => m.authorKind === 'operator')?.read).toBe(true);

    // The user writes again: the staff count is 1 in the queue.
    await send(u.token, 'Thanks');
    expect((await queue(support.token, 'mine')).find((r) => r.id === id)?.unread).toBe(1);
    expect(await audits(id)).toEqual(['chat.take', 'chat.send']);
  });

  it('HTML stays text, empty and too long refused with translated errors, nothing stored', async () => {
    const u = await registerUser(s);
    const html = '<script>alert(1)</script><b>hi</b>';
    expect((await send(u.token, html)).body.data.text).toBe(html);
    const empty = await send(u.token, '   ', 'de');
    expect(empty.status).toBe(400);
    expect(empty.body.data.error).toBe('chat_empty');
    expect(empty.body.msg).toBe(translate('de', 'chat_empty'));
    expect((await send(u.token, 'x'.repeat(2001))).body.data.error).toBe('chat_too_long');
    // 2000 emoji are 2000 characters: allowed.
    expect((await send(u.token, '😀'.repeat(2000))).body.code).toBe(200);
    expect((await mine(u.token)).body.data.messages.map((m) => m.text.length)).toEqual([html.length, 4000]);
  });

  it('a user sends an image of theirs (purpose chat) that support may see; any other is refused', async () => {
    const u = await registerUser(s);
    const other = await registerUser(s);
    const upload = async (token: string, purpose: string) => {
      const form = new FormData();
      form.append('purpose', purpose);
      form.append(
        'file',
        new Blob([new Uint8Array(png(8, 8, [10, 120, 200]))], { type: 'image/png' }),
        'shot.png',
      );
      const res = await fetch(`${s.url}/api/common/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await res.json()) as { code: number; data: { id: string } };
      expect(body.code, JSON.stringify(body)).toBe(200);
      return String(body.data.id);
    };
    const image = await upload(u.token, 'chat');
    const withImage = (token: string, uploadId: string, text = '') =>
      s.api<ChatMessage>('/api/chat/send', { text, uploadId }, { token });
    expect((await withImage(other.token, image)).body.data.error).toBe('chat_image');
    expect((await withImage(u.token, await upload(u.token, 'avatar'))).body.data.error).toBe('chat_image');
    expect((await withImage(u.token, 'not-an-id')).body.data.error).toBe('chat_image');
    expect((await mine(u.token)).body.data.messages).toEqual([]);

    const sent = await withImage(u.token, image);
    expect(sent.body.data).toMatchObject({ authorKind: 'user', text: '', uploadId: image });
    const support = await operator('support');
    const seen = await fetch(`${s.url}/api/admin/uploads/${image}`, {
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toContain('image/');
  });

  /** An image uploaded by a user (`/api/common/upload`) or an operator (`/api/admin/uploads`). */
  async function uploadAs(path: string, token: string, purpose: string) {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', new Blob([new Uint8Array(png(8, 8, [200, 40, 10]))], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return (await res.json()) as { code: number; data: { id: string; error?: string } };
  }
  const imageStatus = async (path: string, token?: string) =>
    (await fetch(`${s.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).status;

  it('an operator answers with an image of purpose chat that only the conversation’s owner (and staff) may read', async () => {
    const u = await registerUser(s);
    const other = await registerUser(s);
    const support = await operator('support');
    const admin = await operator('admin');
    const id = (await send(u.token, 'What does the screen look like?')).body.data.conversationId;
    await op('take', support.token, { id });

    // Support may upload an image for a chat answer, not the platform's artwork.
    const uploaded = await uploadAs('/api/admin/uploads', support.token, 'chat');
    expect(uploaded.code, JSON.stringify(uploaded)).toBe(200);
    const image = String(uploaded.data.id);
    expect((await uploadAs('/api/admin/uploads', support.token, 'nft')).data.error).toBe('forbidden');

    // Anything but an operator's chat image is refused, translated, and nothing is sent.
    const nft = String((await uploadAs('/api/admin/uploads', admin.token, 'nft')).data.id);
    const usersOwn = String((await uploadAs('/api/common/upload', u.token, 'chat')).data.id);
    const answer = (uploadId: string, text = '', lang = 'en') =>
      s.api<ChatMessage>('/api/admin/chat/send', { id, text, uploadId }, { token: support.token, lang });
    const refused = await answer(nft, '', 'de');
    expect(refused.status).toBe(400);
    expect(refused.body.data.error).toBe('chat_image');
    expect(refused.body.msg).toBe(translate('de', 'chat_image'));
    expect((await answer(usersOwn)).body.data.error).toBe('chat_image');
    expect((await answer('not-an-id')).body.data.error).toBe('chat_image');
    expect((await mine(u.token)).body.data.messages.map((m) => m.authorKind)).toEqual(['user']);

    const sent = await answer(image, 'Like this');
    expect(sent.body.data).toMatchObject({ authorKind: 'operator', text: 'Like this', uploadId: image });
    const seen = (await mine(u.token)).body.data.messages.at(-1);
    expect(seen).toMatchObject({ authorKind: 'operator', uploadId: image });

    // The owner reads it through their conversation; another user, a guest and the public reads cannot.
    const path = `/api/chat/image/${image}`;
    const res = await fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await imageStatus(path, other.token)).toBe(404);
    expect(await imageStatus(path)).toBe(401);
    expect(await imageStatus(`/api/common/upload/public/${image}`)).toBe(404);
    expect(await imageStatus(`/api/common/upload/${image}`, u.token)).toBe(404);
    // Staff read it in the back office; an image in no conversation of the user's is not theirs to read.
    expect(await imageStatus(`/api/admin/uploads/${image}`, support.token)).toBe(200);
    expect(await imageStatus(`/api/chat/image/${nft}`, u.token)).toBe(404);
    expect(await audits(id)).toEqual(['chat.take', 'chat.send']);
  });

  it('a guest’s conversation gets no operator image (a guest reads none)', async () => {
    const deviceToken = device();
    const id = (await s.api<ChatMessage>('/api/chat/guest/send', { deviceToken, text: 'Hi' })).body.data
      .conversationId;
    const support = await operator('support');
    await op('take', support.token, { id });
    const image = String((await uploadAs('/api/admin/uploads', support.token, 'chat')).data.id);
    const res = await s.api('/api/admin/chat/send', { id, uploadId: image }, { token: support.token });
    expect(res.body.data).toMatchObject({ error: 'chat_image' });
  });

  it('a flood is limited per conversation: the sixth message in 10 s refused, allowed again after', async () => {
    const u = await registerUser(s);
    for (let i = 1; i <= 5; i++) expect((await send(u.token, `message ${i}`)).body.code).toBe(200);
    const sixth = await send(u.token, 'message 6', 'fr');
    expect(sixth.status).toBe(429);
    expect(sixth.body.data.error).toBe('chat_flood');
    expect(sixth.body.msg).toBe(translate('fr', 'chat_flood'));
    expect((await mine(u.token)).body.data.messages).toHaveLength(5);
    // Another user is not slowed by it.
    const other = await registerUser(s);
    expect((await send(other.token, 'hi')).body.code).toBe(200);
    manualClock(s).set(T0 + 10_001);
    expect((await send(u.token, 'message 6')).body.code).toBe(200);
    manualClock(s).set(T0);
  });

  it('first messages sent at once open one conversation, all kept', async () => {
    const u = await registerUser(s);
    const sent = await Promise.all(['a', 'b', 'c'].map((t) => send(u.token, t)));
    expect(sent.map((r) => r.body.code)).toEqual([200, 200, 200]);
    expect(new Set(sent.map((r) => r.body.data.conversationId)).size).toBe(1);
    expect((await mine(u.token)).body.data.messages.map((m) => m.text).sort()).toEqual(['a', 'b', 'c']);
  });

  it('a user sees only their own conversation; an operator cannot act on one another holds', async () => {
    const a = await registerUser(s);
    const b = await registerUser(s);
    const id = (await send(a.token, 'private to A')).body.data.conversationId;
    const theirs = (await mine(b.token)).body.data;
    expect(theirs).toMatchObject({ id: null, messages: [] });
    expect(await unread(b.token)).toBe(0);
    // The chat takes no conversation id from users: an unsigned call is refused outright.
    expect((await s.api('/api/chat/conversation', {})).status).toBe(401);

    const one = await operator('support');
    const two = await operator('admin');
    await op('take', one.token, { id });
    const stolen = await op('send', two.token, { id, text: 'hi' });
    expect(stolen.body.data.error).toBe('chat_not_yours');
    expect((await op('take', two.token, { id })).body.data.error).toBe('chat_not_yours');
    expect((await op('close', two.token, { id })).body.data.error).toBe('chat_not_yours');
    expect((await op('send', one.token, { id: '999999999', text: 'x' })).body.data.error).toBe(
      'chat_unknown',
    );
    // A reviewer may not answer chats at all.
    const reviewer = await operator('reviewer');
    expect(
      (await s.api(`/api/admin/chat/queue?box=waiting`, undefined, { token: reviewer.token, method: 'GET' }))
        .status,
    ).toBe(403);
    expect((await mine(a.token)).body.data.messages).toHaveLength(1);
  });

  it('hand over and close, each audited; a closed conversation keeps its history and a new one opens', async () => {
    const u = await registerUser(s);
    const one = await operator('support');
    const two = await operator('support');
    const reviewer = await operator('reviewer');
    const id = (await send(u.token, 'Help')).body.data.conversationId;
    await op('take', one.token, { id });
    expect((await op('handover', one.token, { id, operatorId: reviewer.id })).body.data.error).toBe(
      'chat_unknown',
    );
    expect((await op('handover', one.token, { id, operatorId: two.id })).body.data).toMatchObject({
      operatorId: two.id,
    });
    expect((await queue(one.token, 'others')).map((r) => r.id)).toContain(id);
    expect((await op('send', one.token, { id, text: 'x' })).body.data.error).toBe('chat_not_yours');
    expect((await op('send', two.token, { id, text: 'Solved' })).body.code).toBe(200);
    expect((await op('close', two.token, { id })).body.data).toMatchObject({ status: 'closed' });
    expect((await op('send', two.token, { id, text: 'more' })).body.data.error).toBe('chat_closed');
    expect((await queue(two.token, 'closed')).map((r) => r.id)).toContain(id);
    expect(await audits(id)).toEqual(['chat.take', 'chat.hand_over', 'chat.send', 'chat.close']);
    expect((await mine(u.token)).body.data).toMatchObject({ id, status: 'closed' });
    const again = await send(u.token, 'One more thing');
    expect(again.body.data.conversationId).not.toBe(id);
    expect((await mine(u.token)).body.data).toMatchObject({
      status: 'waiting',
      messages: [{ text: 'One more thing' }],
    });
  });

  it('lists who a conversation can be handed to: active support and admin operators, never a reviewer or a disabled one', async () => {
    const one = await operator('support');
    const two = await operator('admin');
    const reviewer = await operator('reviewer');
    const gone = await operator('support');
    await s.db.query('UPDATE operators SET disabled_at = now() WHERE id = $1', [gone.id]);
    const listed = async (token: string) =>
      (
        await s.api<{ items: { id: string; email: string; role: string }[] }>(
          '/api/admin/chat/answerers',
          undefined,
          {
            token,
            method: 'GET',
          },
        )
      ).body;
    const items = (await listed(one.token)).data.items;
    expect(items).toContainEqual({ id: one.id, email: one.email, role: 'support' });
    expect(items).toContainEqual({ id: two.id, email: two.email, role: 'admin' });
    expect(items.map((i) => i.id)).not.toContain(reviewer.id);
    expect(items.map((i) => i.id)).not.toContain(gone.id);
    // Sorted by email, so the picker reads as a list.
    expect(items.map((i) => i.email)).toEqual(items.map((i) => i.email).toSorted());
    // A reviewer may not read it; a disabled operator cannot be handed a conversation.
    expect((await listed(reviewer.token)).code).toBe(403);
    const u = await registerUser(s);
    const id = (await send(u.token, 'Help')).body.data.conversationId;
    await op('take', one.token, { id });
    expect((await op('handover', one.token, { id, operatorId: gone.id })).body.data.error).toBe(
      'chat_unknown',
    );
    expect((await op('handover', one.token, { id, operatorId: two.id })).body.data).toMatchObject({
      operatorId: two.id,
    });
  });

  it('a guest writes by device token, reads only that device’s conversation, and it is adopted on sign-in', async () => {
    const token = device();
    const g = (path: string, body: unknown) =>
      s.api<ChatConversation & ChatMessage & { unread: number }>(`/api/chat/guest/${path}`, body);
    const sent = await g('send', { deviceToken: token, text: 'Cannot log in' });
    expect(sent.body.data).toMatchObject({ authorKind: 'guest' });
    const id = sent.body.data.conversationId;
    expect((await g('conversation', { deviceToken: device() })).body.data).toMatchObject({
      id: null,
      messages: [],
    });
    expect((await g('conversation', { deviceToken: 'short' })).status).toBe(400);

    const support = await operator('support');
    expect((await queue(support.token, 'waiting')).find((r) => r.id === id)?.guest).toBe(true);
    await op('take', support.token, { id });
    await op('send', support.token, { id, text: 'Try resetting your password' });
    expect((await g('conversation', { deviceToken: token })).body.data.unread).toBe(1);
    expect((await g('read', { deviceToken: token })).body.data.unread).toBe(0);

    const u = await registerUser(s);
    await send(u.token, 'Now signed in');
    await adopt(s.ctx, token, u.user.id);
    const merged = (await mine(u.token)).body.data;
    expect(merged.messages.map((m) => [m.authorKind, m.text])).toEqual([
      ['guest', 'Cannot log in'],
      ['operator', 'Try resetting your password'],
      ['user', 'Now signed in'],
    ]);
    // The device no longer reads it as a guest.
    expect((await g('conversation', { deviceToken: token })).body.data).toMatchObject({ messages: [] });
  });

  it('a guest’s conversation becomes theirs when they register or sign in with the device token', async () => {
    const guestSays = async (deviceToken: string, text: string) =>
      (await s.api<ChatMessage>('/api/chat/guest/send', { deviceToken, text })).body.data.conversationId;
    const support = await operator('support');

    // Register: the device's conversation, with the operator's answer, is the new user's.
    const first = device();
    const id = await guestSays(first, 'How do I open an account?');
    await op('take', support.token, { id });
    await op('send', support.token, { id, text: 'Register with your email' });
    const email = uniqueEmail();
    await s.api('/api/auth/sendemail', { email, purpose: 'register' });
    const code = await lastOutboxCode(s.db, email);
    const registered = await s.api<{ token: string }>('/api/auth/register', {
      type: 'email',
      account: email,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
      deviceToken: first,
    });
    expect(registered.body.code).toBe(200);
    const theirs = (await mine(registered.body.data.token)).body.data;
    expect(theirs).toMatchObject({ id, unread: 1 });
    expect(theirs.messages.map((m) => [m.authorKind, m.text])).toEqual([
      ['guest', 'How do I open an account?'],
      ['operator', 'Register with your email'],
    ]);

    // Sign in: a known user's open conversation takes the guest's messages.
    const u = await registerUser(s);
    await send(u.token, 'Earlier question');
    const second = device();
    await guestSays(second, 'Asked before signing in');
    const login = (deviceToken: string) =>
      s.api<{ token: string }>('/api/auth/login', { account: u.email, password: PASSWORD, deviceToken });
    const signedIn = await login(second);
    expect(signedIn.body.code).toBe(200);
    expect((await mine(signedIn.body.data.token)).body.data.messages.map((m) => m.text)).toEqual([
      'Earlier question',
      'Asked before signing in',
    ]);
    // The device reads nothing as a guest any more; a malformed token is refused and signs no one in.
    const asGuest = await s.api<ChatConversation>('/api/chat/guest/conversation', { deviceToken: second });
    expect(asGuest.body.data.messages).toEqual([]);
    const bad = await login('short');
    expect([bad.status, bad.body.data.field]).toEqual([400, 'deviceToken']);
  });
});
