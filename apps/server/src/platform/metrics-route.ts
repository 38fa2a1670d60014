import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { METRICS_CONTENT_TYPE, metricsText, recordHttp } from './metrics.ts';

/** Whether a request's bearer token is the configured one (compared in constant time). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `/metrics` on the app's port and, with METRICS_BIND, on a listener of its own (decision 0137).
 * On the app's port: with METRICS_TOKEN, only with `Authorization: Bearer <token>`; without one,
 * open on a laptop and refused (401) with NODE_ENV=production, where the port faces the internet.
 * Also times every request by its route template (not its URL: ids would make a series each).
 */
export function metricsRoutes(app: FastifyInstance, config: Config): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    recordHttp(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const allowed = config.metricsToken
      ? tokenMatches(req.headers.authorization, config.metricsToken)
      : !config.production;
    if (!allowed) throw new AppError('unauthorized');
    return reply.type(METRICS_CONTENT_TYPE).send(await metricsText());
  });
  if (config.metricsBind) {
    const server = metricsListener();
    const [host, port] = splitBind(config.metricsBind);
    app.addHook('onReady', () => new Promise<void>((resolve) => server.listen(port, host, resolve)));
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
  }
}

/** METRICS_BIND's listener: the private address is its protection, so no token; only `/metrics`. */
function metricsListener(): http.Server {
  return http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metricsText().then(
      (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      () => res.writeHead(500).end(),
    );
  });
}

/** `host:port` (an IPv6 host in brackets), as the config schema checked it. */
export function splitBind(bind: string): [string, number] {
  const at = bind.lastIndexOf(':');
  return [bind.slice(0, at).replace(/^\[|\]$/g, ''), Number(bind.slice(at + 1))];
}
