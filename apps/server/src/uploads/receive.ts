import { type StoredPurpose, UPLOAD_FIELDS, UPLOAD_MAX_BYTES } from '@otc/protocol/uploads/constants';
import type { FastifyRequest } from 'fastify';
import { fail, failField } from '../http/errors.ts';

/** What @fastify/multipart is told: one file of at most UPLOAD_MAX_BYTES and a few small fields. */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 200,
  parts: 5,
};

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** The multipart errors that mean the client sent too much: each has its own clear message. */
function refusal(err: unknown): never {
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') failField('upload_too_large', UPLOAD_FIELDS.file, { max: MAX_MB });
  if (typeof code === 'string' && code.startsWith('FST_')) fail('invalid_input');
  throw err;
}

/**
 * Reads the upload's form: the file's bytes (whatever its name or Content-Type) and its purpose,
 * in either order, one of `purposes` (the caller's kind: a user's or an operator's). Anything
 * missing or malformed is refused under its field.
 */
export async function receiveUpload<P extends StoredPurpose>(
  req: FastifyRequest,
  purposes: readonly P[],
): Promise<{ bytes: Buffer; purpose: P }> {
  if (!req.isMultipart()) failField('field_required', UPLOAD_FIELDS.file);
  let bytes: Buffer | undefined;
  let purpose: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        // Read even a file under another name to its end, so the request is consumed.
        const content = await part.toBuffer();
        if (part.fieldname === UPLOAD_FIELDS.file) bytes = content;
      } else if (part.fieldname === UPLOAD_FIELDS.purpose && typeof part.value === 'string') {
        purpose = part.value;
      }
    }
  } catch (err) {
    refusal(err);
  }
  if (purpose === undefined || purpose === '') failField('field_required', UPLOAD_FIELDS.purpose);
  const allowed = purposes.find((p) => p === purpose);
  if (!allowed) failField('field_invalid', UPLOAD_FIELDS.purpose);
  if (!bytes || bytes.length === 0) failField('field_required', UPLOAD_FIELDS.file);
  return { bytes, purpose: allowed };
}
