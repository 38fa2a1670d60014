import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access line per request (`request`: method, url, ip, status, ms) instead of Fastify's two
 * (incoming and completed): at thousands of orders a second the log is a measurable share of the
 * work (the durable-orders benchmark logs at this level). Errors are logged as Fastify logs them.
 */
export class AccessLog extends Fastify.LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, req, reply);
      return;
    }
    reply.log.info(
      {
        method: req.method,
        url: req.url,
        ip: req.ip,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  }
}
