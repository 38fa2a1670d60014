import { chatEndpoints as chat } from '@otc/protocol/chat/endpoints';
import { call } from '../api/call.ts';
import { guestDeviceToken } from './device.ts';

/** Whose chat: a signed-in user's (by session), or this device's as a guest (by its token). */
export type ChatWho = { userId: string } | { guest: true };

export const chatKeys = {
  conversation: (who: ChatWho) => ['chat', 'userId' in who ? who.userId : 'guest'] as const,
  unread: (userId: string) => ['chat', userId, 'unread'] as const,
};

/** The path an image of the caller's conversation is read at (their own or an operator's). */
export const chatImagePath = (id: string) => chat.image.path.replace(':id', encodeURIComponent(id));

const quiet = { toast: false } as const;

export const chatApi = {
  conversation: (who: ChatWho) =>
    'userId' in who
      ? call(chat.conversation, {})
      : call(chat.guestConversation, { deviceToken: guestDeviceToken() }),
  send: (who: ChatWho, text: string, uploadId?: string) =>
    'userId' in who
      ? call(chat.send, uploadId ? { text, uploadId } : { text }, quiet)
      : call(chat.guestSend, { deviceToken: guestDeviceToken(), text }, quiet),
  read: (who: ChatWho) =>
    'userId' in who ? call(chat.read, {}) : call(chat.guestRead, { deviceToken: guestDeviceToken() }),
  unread: () => call(chat.unread, {}, quiet),
};
