import type { OperatorUploadPurpose, UploadPurpose } from '@otc/protocol/uploads/constants';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { isUploadId } from './id.ts';
import { operatorUpload, ownUpload, readImage, type StoredImage } from './queries.ts';
import { uploadRoutes } from './routes.ts';

/** For an area that decides itself who may read an image it shows (the chat): the bytes' endpoint. */
export { imageRoute } from './routes.ts';

/**
 * Uploaded images (platform infrastructure, docs/decisions/0057-uploads-reencoded.md): the upload call and
 * the reads, wired into the app like an area. Areas keep upload ids in their own tables and check
 * each one a form references with `findOwnUpload`.
 */
export function uploadsArea(ctx: AppContext): Area {
  return { name: 'uploads', routes: (app) => uploadRoutes(app, ctx) };
}

/** The upload if it exists, belongs to userId and has that purpose; otherwise undefined. */
export async function findOwnUpload(
  q: Queryable,
  id: string,
  userId: string,
  purpose: UploadPurpose,
): Promise<{ id: string } | undefined> {
  // An id from a form may be anything: a malformed one is simply not the user's upload.
  if (!isUploadId(id)) return undefined;
  return ownUpload(q, id, userId, purpose);
}

/** The upload if it exists, an operator made it and it has that purpose (an image the platform publishes). */
export async function findOperatorUpload(
  q: Queryable,
  id: string,
  purpose: OperatorUploadPurpose,
): Promise<{ id: string } | undefined> {
  if (!isUploadId(id)) return undefined;
  return operatorUpload(q, id, purpose);
}

/** The stored image (bytes and type) whatever its owner: the caller has decided who may read it. */
export function findImage(q: Queryable, id: string): Promise<StoredImage | undefined> {
  if (!isUploadId(id)) return Promise.resolve(undefined);
  return readImage(q, id);
}

/** The area as `areas.ts` lists it. */
export const uploadsModule: AreaModule = {
  tables: ['uploads'],
  build: (ctx) => uploadsArea(ctx),
};
