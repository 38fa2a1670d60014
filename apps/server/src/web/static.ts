import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Serves the built mobile app at / and the back office at /admin/. Hashed assets are immutable;
 * index.html is never cached so a new release is picked up at once. Text files go as the build's
 * brotli or gzip copy when the client takes one (scripts/precompress.ts), with the original's type
 * and `Vary: Accept-Encoding`; nothing is compressed per request.
 */
export async function staticRoutes(app: FastifyInstance, config: Config) {
  const setHeaders = (reply: FastifyReply, file: string) => {
    reply.header(
      'cache-control',
      file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  };
  for (const [prefix, root, name] of [
    ['/', config.webDist, 'web'],
    ['/admin/', config.adminDist, 'admin'],
  ] as const) {
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn(`the ${name} app is not built (${root}): run npm run build`);
      continue;
    }
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: prefix === '/',
      wildcard: true,
      preCompressed: true,
      setHeaders,
    });
  }
  app.get('/admin', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/'));
}
