import fastifyMultipart from '@fastify/multipart';
import type { Contract } from '@otc/protocol/contract';
import {
  OPERATOR_UPLOAD_PURPOSES,
  OPERATOR_UPLOAD_WRITERS,
  PUBLIC_UPLOAD_PURPOSES,
  UPLOAD_PURPOSES,
  UPLOAD_READERS,
} from '@otc/protocol/uploads/constants';
import { uploadAdminContract, uploadContract } from '@otc/protocol/uploads/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { fail } from '../http/errors.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { audit, auditOnUser } from '../platform/audit.ts';
import { isUploadId } from './id.ts';
import { readImage, type StoredImage } from './queries.ts';
import { MULTIPART_LIMITS, receiveUpload } from './receive.ts';
import { storeUpload } from './store.ts';

const idParams = z.object({ id: z.string() });

/**
 * Registers an endpoint that answers an image's bytes rather than an envelope (its errors are
 * envelopes as everywhere): the contract's method, path, tag, summary and guard, as `route` does.
 */
export function imageRoute(
  app: FastifyInstance,
  c: Contract,
  find: (req: FastifyRequest, id: string) => Promise<StoredImage>,
  cache = 'private, max-age=3600',
) {
  app.route({
    method: c.method,
    url: c.path,
    schema: { tags: [c.tag], summary: c.summary, security: [{ bearer: [] }], params: idParams },
    config: {
      ...(c.auth === 'public' || c.auth === 'optional' ? {} : { auth: c.auth }),
      ...(c.roles ? { roles: c.roles } : {}),
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const { id } = req.params as z.infer<typeof idParams>;
      // A malformed id is as unknown as a missing one: no hint of which ids exist.
      if (!isUploadId(id)) fail('upload_not_found');
      const image = await find(req, id);
      return reply
        .header('Content-Type', image.mime)
        .header('Cache-Control', cache)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Content-Disposition', 'inline')
        .send(Buffer.from(image.bytes));
    },
  });
}

/** The upload calls (a user's, an operator's), the owner's read, the public read and the back office's read. */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  // In a scope of their own, so only the upload calls parse multipart bodies.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
    route(
      scope,
      uploadContract.create,
      async (req) => {
        const userId = userIdOf(req);
        const { bytes, purpose } = await receiveUpload(req, UPLOAD_PURPOSES);
        return storeUpload(ctx.db, { userId }, purpose, bytes);
      },
      {
        // Per user (decoding is the costly part), at the tighter rate the auth routes use.
        rateLimit: {
          max: ctx.config.authRateLimitPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (req) => `upload:${req.userId ?? req.ip}`,
        },
      },
    );
    route(scope, uploadAdminContract.create, async (req) => {
      // The guard (`auth: 'operator'`) set it; without it the call never reaches here.
      if (!req.operator) fail('unauthorized');
      const operator = req.operator;
      const { bytes, purpose } = await receiveUpload(req, OPERATOR_UPLOAD_PURPOSES);
      // Support may attach an image to a chat answer, but what the platform publishes is the admins'.
      if (!OPERATOR_UPLOAD_WRITERS[purpose].includes(operator.role)) fail('forbidden');
      return ctx.db.tx(async (q) => {
        const stored = await storeUpload(q, { operatorId: operator.id }, purpose, bytes);
        await audit(q, req, 'upload.create', null, { upload: stored.id, purpose });
        return stored;
      });
    });
  });

  imageRoute(app, uploadContract.read, async (req, id) => {
    const image = await readImage(ctx.db, id);
    // Another user's upload answers exactly as a missing one.
    if (!image || image.ownerUserId !== userIdOf(req)) fail('upload_not_found');
    return image;
  });

  // What the platform publishes is anyone's to see, and the same for everyone: caches may keep it.
  imageRoute(
    app,
    uploadContract.readPublic,
    async (_req, id) => {
      const image = await readImage(ctx.db, id);
      if (!image || !PUBLIC_UPLOAD_PURPOSES.includes(image.purpose)) fail('upload_not_found');
      return image;
    },
    'public, max-age=86400',
  );

  imageRoute(app, uploadAdminContract.read, async (req, id) => {
    const image = await readImage(ctx.db, id);
    if (!image) fail('upload_not_found');
    const role = req.operator?.role;
    if (!role || !UPLOAD_READERS[image.purpose].includes(role)) fail('forbidden');
    // Identity documents and payment proofs are personal data: who looked at which is on record, and
    // their owner sees it was looked at. An operator's own image (a chat attachment) has no owner to tell.
    const detail = { upload: id, purpose: image.purpose };
    if (image.ownerUserId) await auditOnUser(ctx.db, req, 'upload.read', image.ownerUserId, detail);
    else await audit(ctx.db, req, 'upload.read', null, detail);
    return image;
  });
}
