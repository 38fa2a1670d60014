import type { UploadMime, UploadPurpose } from '@otc/protocol/uploads/constants';
import { one, type Queryable } from '../db/db.ts';

export interface NewUpload {
  id: string;
  ownerUserId: string;
  purpose: UploadPurpose;
  mime: UploadMime;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface StoredImage {
  ownerUserId: string;
  purpose: UploadPurpose;
  mime: UploadMime;
  bytes: Uint8Array;
}

export async function insertUpload(q: Queryable, u: NewUpload): Promise<void> {
  await q.query(
    `INSERT INTO uploads (id, owner_user_id, purpose, mime, width, height, size, bytes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [u.id, u.ownerUserId, u.purpose, u.mime, u.width, u.height, u.bytes.length, u.bytes],
  );
}

/** The image and who may see it; `id` must already be a well-formed uuid. */
export function readImage(q: Queryable, id: string): Promise<StoredImage | undefined> {
  return one<StoredImage>(
    q,
    `SELECT owner_user_id::text AS "ownerUserId", purpose, mime, bytes FROM uploads WHERE id = $1`,
    [id],
  );
}

export function ownUpload(
  q: Queryable,
  id: string,
  userId: string,
  purpose: UploadPurpose,
): Promise<{ id: string } | undefined> {
  return one<{ id: string }>(
    q,
    'SELECT id::text AS id FROM uploads WHERE id = $1 AND owner_user_id = $2 AND purpose = $3',
    [id, userId, purpose],
  );
}
