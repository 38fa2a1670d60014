import { randomUUID } from 'node:crypto';
import { sniffImage } from '@otc/core';
import type { UploadPurpose } from '@otc/protocol/uploads/constants';
import type { Queryable } from '../db/db.ts';
import { failField } from '../http/errors.ts';
import { insertUpload } from './queries.ts';
import { reencode } from './reencode.ts';

/**
 * Checks the bytes are a JPEG, PNG or WebP by their content, re-encodes them (no metadata,
 * nothing appended) and stores the result for `userId`. A refusal stores nothing.
 */
export async function storeUpload(
  q: Queryable,
  userId: string,
  purpose: UploadPurpose,
  bytes: Buffer,
): Promise<{ id: string }> {
  const mime = sniffImage(bytes);
  if (!mime) failField('upload_type_unsupported', 'file');
  const image = await reencode(bytes, mime);
  const id = randomUUID();
  await insertUpload(q, { id, ownerUserId: userId, purpose, mime, ...image });
  return { id };
}
