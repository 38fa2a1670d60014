import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/**
 * The user's images. The upload is multipart/form-data (fields `file` and `purpose`), not JSON, so
 * it declares no JSON body; reading answers the image's bytes, not an envelope (errors still are).
 */
export const uploadEndpoints = endpoints('uploads', {
  create: post('/api/common/upload', {
    response: 'uploadCreated',
    auth: 'user',
    summary:
      'Upload an image (multipart/form-data: file, purpose avatar | kyc | payment_proof | loan_document | chat): JPEG, PNG or WebP by content, 5 MB at most, re-encoded without metadata',
  }),
  read: get('/api/common/upload/:id', {
    auth: 'user',
    summary: 'One of the caller’s own uploads: the image bytes with their type',
  }),
  readPublic: get('/api/common/upload/public/:id', {
    auth: 'public',
    summary:
      'An image the platform publishes (NFT artwork, uploaded by operators): the bytes with their type',
  }),
});

/** Uploads in the back office: which roles may see which purpose is `UPLOAD_READERS`. */
export const uploadAdminEndpoints = endpoints('admin', {
  create: post('/api/admin/uploads', {
    response: 'uploadCreated',
    auth: 'operator',
    roles: ['admin', 'support'],
    summary:
      'Upload an image as an operator (multipart/form-data: file, purpose nft (admin) | chat (admin, support: an image in a chat answer)): JPEG, PNG or WebP by content, 5 MB at most, re-encoded without metadata',
  }),
  read: get('/api/admin/uploads/:id', {
    auth: 'operator',
    summary:
      'An upload’s image bytes, for operators whose role may see its purpose (avatars: any role; identity documents, payment proofs, loan documents: admin and reviewer)',
  }),
});
