import type {
  OperatorUploadPurpose,
  StoredPurpose,
  UploadMime,
  UploadPurpose,
} from '@otc/protocol/uploads/constants';
import { one, type Queryable } from '../db/db.ts';

/** Who uploaded it: a user (their documents, their avatar) or an operator (what the platform publishes). */
export type UploadOwner = { userId: string } | { operatorId: string };

export interface NewUpload {
  id: string;
  owner: UploadOwner;
  purpose: StoredPurpose;
  mime: UploadMime;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface StoredImage {
  /** Null for an operator's upload. */
  ownerUserId: string | null;
  purpose: StoredPurpose;
  mime: UploadMime;
  bytes: Uint8Array;
}

export async function insertUpload(q: Queryable, u: NewUpload): Promise<void> {
  await q.query(
    `INSERT INTO uploads (id, owner_user_id, owner_operator_id, purpose, mime, width, height, size, bytes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      u.id,
      'userId' in u.owner ? u.owner.userId : null,
      'operatorId' in u.owner ? u.owner.operatorId : null,
      u.purpose,
      u.mime,
      u.width,
      u.height,
      u.bytes.length,
      u.bytes,
    ],
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

/** An upload an operator made for `purpose` (any operator's: the platform's images are the platform's). */
export function operatorUpload(
  q: Queryable,
  id: string,
  purpose: OperatorUploadPurpose,
): Promise<{ id: string } | undefined> {
  return one<{ id: string }>(
    q,
    'SELECT id::text AS id FROM uploads WHERE id = $1 AND owner_operator_id IS NOT NULL AND purpose = $2',
    [id, purpose],
  );
}
