import { randomUUID } from 'node:crypto';
import { sniffImage } from '@otc/core';
import type { StoredPurpose } from '@otc/protocol/uploads/constants';
import type { Queryable } from '../db/db.ts';
import { failField } from '../http/errors.ts';
import { insertUpload, type UploadOwner } from './queries.ts';
import { reencode } from './reencode.ts';

/**
 * Checks the bytes are a JPEG, PNG or WebP by their content, re-encodes them (no metadata,
 * nothing appended) and stores the result for its owner (a user, or an operator for the images
 * the platform publishes). A refusal stores nothing.
 */
export async function storeUpload(
  q: Queryable,
  owner: UploadOwner,
  purpose: StoredPurpose,
  bytes: Buffer,
): Promise<{ id: string }> {
  const mime = sniffImage(bytes);
  if (!mime) failField('upload_type_unsupported', 'file');
  const image = await reencode(bytes, mime);
  const id = randomUUID();
  await insertUpload(q, { id, owner, purpose, mime, ...image });
  return { id };
}
