import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The support chat for users and guests (issue 27, decision 0129). */
export const chatEndpoints = endpoints('chat', {
  conversation: post('/api/chat/conversation', {
    body: 'emptyBody',
    response: 'chatConversation',
    auth: 'user',
    summary: 'The caller’s support conversation (the open one, else the last) with its messages',
  }),
  send: post('/api/chat/send', {
    body: 'chatSendBody',
    response: 'chatMessage',
    auth: 'user',
    summary: 'Write to support (plain text, flood-limited); opens a conversation when none is open',
  }),
  read: post('/api/chat/read', {
    body: 'emptyBody',
    response: 'customerUnread',
    auth: 'user',
    summary: 'Mark every support message of the caller’s conversation read',
  }),
  image: get('/api/chat/image/:id', {
    auth: 'user',
    summary:
      'An image in the caller’s own conversation (theirs or an operator’s answer): the bytes with their type',
  }),
  unread: post('/api/common/getCustomerUnread', {
    body: 'emptyBody',
    response: 'customerUnread',
    auth: 'user',
    summary: 'Unread support messages (the seed’s call)',
  }),
  guestConversation: post('/api/chat/guest/conversation', {
    body: 'chatGuestBody',
    response: 'chatConversation',
    auth: 'public',
    summary: 'A guest’s conversation, by the device token the browser keeps',
  }),
  guestSend: post('/api/chat/guest/send', {
    body: 'chatGuestSendBody',
    response: 'chatMessage',
    auth: 'public',
    summary: 'A guest writes to support from their device (flood-limited)',
  }),
  guestRead: post('/api/chat/guest/read', {
    body: 'chatGuestBody',
    response: 'customerUnread',
    auth: 'public',
    summary: 'A guest marks the support messages of their device’s conversation read',
  }),
});

/** The chat in the back office: support and admin operators answer; the back office polls. */
export const chatAdminEndpoints = endpoints('admin', {
  queue: get('/api/admin/chat/queue', {
    body: 'adminChatQueueQuery',
    response: 'adminChatQueue',
    auth: 'operator',
    roles: ['admin', 'support'],
    summary: 'Conversations: waiting, mine, others’ or closed, latest first',
  }),
  detail: get('/api/admin/chat/detail', {
    body: 'adminChatQuery',
    response: 'adminChatDetail',
    auth: 'operator',
    roles: ['admin', 'support'],
    summary: 'One conversation with its messages (marks the customer’s messages read)',
  }),
  take: post('/api/admin/chat/take', {
    body: 'adminChatIdBody',
    response: 'adminChatRow',
    auth: 'operator',
    roles: ['admin', 'support'],
    summary: 'Take a waiting conversation (audited)',
  }),
  send: post('/api/admin/chat/send', {
    body: 'adminChatSendBody',
    response: 'chatMessage',
    auth: 'operator',
    roles: ['admin', 'support'],
    summary: 'Answer in a conversation one holds (audited; the user sees it live)',
  }),
  answerers: get('/api/admin/chat/answerers', {
    response: 'adminChatAnswerers',
    auth: 'operator',
    roles: ['admin', 'support'],
    summary: 'The active support and admin operators a conversation can be handed to',
  }),
  handOver: post('/api/admin/chat/handover', {
    body: 'adminChatHandOverBody',
    response: 'adminChatRow',
    auth: 'operator',
    roles: ['admin', 'support'],
    summary: 'Hand a conversation one holds to another support or admin operator (audited)',
  }),
  close: post('/api/admin/chat/close', {
    body: 'adminChatIdBody',
    response: 'adminChatRow',
    auth: 'operator',
    roles: ['admin', 'support'],
    summary: 'Close a conversation one holds (audited); the history is kept',
  }),
});
