import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers of 1 KB or more (lists, candles, the OpenAPI document) go brotli or gzip compressed
 * when the client takes it. Smaller ones, such as an order's answer, go as they are: there the
 * compressor's work and framing cost more than the bytes saved. The app's files are compressed at
 * build time instead (web/static.ts), and socket frames are not touched.
 */
export async function installCompression(app: FastifyInstance) {
  // Only the API: the plugin would otherwise compress per request the static files the build left
  // uncompressed on purpose (under 1 KB, or images), as it takes every type mime-db calls compressible.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    // Request bodies are read as sent, as before (no compressed uploads to unpack and bound).
    globalDecompression: false,
  });
}
