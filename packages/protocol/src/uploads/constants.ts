import type { AdminRole } from '../admin/schemas.ts';

/** What a user's upload is for: each area that takes images names its purpose here, once. */
export const UPLOAD_PURPOSES = ['avatar', 'kyc', 'payment_proof', 'loan_document', 'chat'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/**
 * What an operator's upload is for: images the platform publishes (NFT artwork), which anyone may
 * see once an area shows them, and images an operator sends in a support chat (`chat`, the users'
 * purpose too: the upload's owner column tells whose), which only that conversation's owner and
 * staff may see. Users cannot upload `nft`, nor operators the users' other kinds.
 */
export const OPERATOR_UPLOAD_PURPOSES = ['nft', 'chat'] as const;
export type OperatorUploadPurpose = (typeof OPERATOR_UPLOAD_PURPOSES)[number];
/** Every purpose an upload is stored with, a user's or an operator's. */
export type StoredPurpose = UploadPurpose | OperatorUploadPurpose;
/** The purposes whose images are public (`/api/common/upload/public/:id`). */
export const PUBLIC_UPLOAD_PURPOSES: readonly StoredPurpose[] = ['nft'];
/**
 * Which back-office roles may upload each operator purpose: the platform's artwork is the admins',
 * an image in a chat answer is anyone's who answers chats.
 */
export const OPERATOR_UPLOAD_WRITERS: Readonly<Record<OperatorUploadPurpose, readonly AdminRole[]>> = {
  nft: ['admin'],
  chat: ['admin', 'support'],
};

/** The image types an upload may be, told by its content (magic bytes), never by its name. */
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadMime = (typeof UPLOAD_MIME_TYPES)[number];

/** At most 5 MB per file (5 * 1024 * 1024 bytes): 5 MB + 1 byte is refused. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** A decompression-bomb guard: a small file may still claim a huge image; 40 megapixels at most. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/**
 * Which back-office roles may see an upload of each purpose (the owner always sees their own).
 * Identity documents and payment proofs are for reviewers; support may see avatars only.
 */
export const UPLOAD_READERS: Readonly<Record<StoredPurpose, readonly AdminRole[]>> = {
  avatar: ['admin', 'reviewer', 'support'],
  kyc: ['admin', 'reviewer'],
  payment_proof: ['admin', 'reviewer'],
  loan_document: ['admin', 'reviewer'],
  // A screenshot sent to support, or an operator's image in an answer: the operators who answer
  // chats (the user reads an operator's one through the chat, /api/chat/image/:id).
  chat: ['admin', 'support'],
  nft: ['admin', 'reviewer', 'support'],
};

/** The multipart field names of the upload call. */
export const UPLOAD_FIELDS = { file: 'file', purpose: 'purpose' } as const;
