import { chatAdminContract as admin, chatContract as chat } from '@otc/protocol/chat/contract';
import type { FastifyInstance } from 'fastify';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { imageRoute } from '../uploads/index.ts';
import type { ChatService } from './service.ts';

/** The chat for users (by their session) and guests (by their device token only). */
export function chatRoutes(app: FastifyInstance, service: ChatService) {
  const user = (req: Parameters<typeof userIdOf>[0]) => ({ userId: userIdOf(req) });
  route(app, chat.conversation, async (req) => service.conversation(user(req)));
  route(app, chat.send, async (req) => service.send(user(req), req.body.text, req.body.uploadId));
  route(app, chat.read, async (req) => service.read(user(req)));
  imageRoute(app, chat.image, async (req, id) => service.image(user(req), id));
  route(app, chat.unread, async (req) => service.unread(user(req)));
  route(app, chat.guestConversation, async (req) => service.conversation({ device: req.body.deviceToken }));
  route(app, chat.guestSend, async (req) => service.send({ device: req.body.deviceToken }, req.body.text));
  route(app, chat.guestRead, async (req) => service.read({ device: req.body.deviceToken }));
}

/** The chat in the back office (support and admin). */
export function chatAdminRoutes(app: FastifyInstance, service: ChatService) {
  route(app, admin.queue, async (req) => service.queue(req, req.query.box));
  route(app, admin.detail, async (req) => service.detail(req.query.id));
  route(app, admin.take, async (req) => service.take(req, req.body.id));
  route(app, admin.send, async (req) => service.answer(req, req.body.id, req.body.text, req.body.uploadId));
  route(app, admin.answerers, async () => ({ items: await service.answerers() }));
  route(app, admin.handOver, async (req) => service.handOver(req, req.body.id, req.body.operatorId));
  route(app, admin.close, async (req) => service.close(req, req.body.id));
}
