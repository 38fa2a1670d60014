import { chatAdminEndpoints as admin } from '@otc/protocol/chat/endpoints';
import { uploadAdminEndpoints } from '@otc/protocol/uploads/endpoints';
import type { UploadCreated } from '@otc/protocol/uploads/schemas';
import { call } from '../api/call.ts';
import { request } from '../api/client.ts';

export type Box = 'waiting' | 'mine' | 'others' | 'closed';

/** The back office has no socket: the queue and the open conversation are read again this often. */
export const CHAT_POLL_MS = 3000;

export const chatKeys = {
  queue: (box: Box) => ['admin', 'chat', 'queue', box] as const,
  detail: (id: string) => ['admin', 'chat', 'detail', id] as const,
  answerers: ['admin', 'chat', 'answerers'] as const,
};

export const chatApi = {
  queue: (box: Box, signal?: AbortSignal) => call(admin.queue, { box }, signal),
  detail: (id: string, signal?: AbortSignal) => call(admin.detail, { id }, signal),
  take: (id: string) => call(admin.take, { id }),
  send: (id: string, text: string, uploadId?: string) =>
    call(admin.send, uploadId ? { id, text, uploadId } : { id, text }),
  answerers: (signal?: AbortSignal) => call(admin.answerers, undefined, signal),
  handOver: (id: string, operatorId: string) => call(admin.handOver, { id, operatorId }),
  close: (id: string) => call(admin.close, { id }),
};

/**
 * Uploads an image for an answer (purpose `chat`, an operator's): only the conversation's owner
 * and support may read it, unlike the platform's public artwork.
 */
export function uploadChatImage(file: Blob, name = 'image'): Promise<UploadCreated> {
  const form = new FormData();
  form.append('purpose', 'chat');
  form.append('file', file, name);
  return request<UploadCreated>('POST', uploadAdminEndpoints.create.path, { form });
}
