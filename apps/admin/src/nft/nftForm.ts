import { nftImagePath } from '@otc/protocol/nft/schemas';
import { ApiError } from '../api/client.ts';

/**
 * The pure parts of the NFT dialogs: what the form sends and where the server's refusal is shown.
 * Prices stay the text the operator typed (the server checks them against USDT's decimals); only
 * the supply, a count on the wire, is read as a number, and only when it is digits.
 */

const PUBLIC_PREFIX = nftImagePath('');

/** The upload id behind an image's public path (the catalogue answers paths, a save takes ids). */
export function imageIdOf(image: string | null): string | null {
  return image?.startsWith(PUBLIC_PREFIX) ? image.slice(PUBLIC_PREFIX.length) || null : null;
}

/** "100" → 100; anything but digits (or a count past the safe integers) → null, told before sending. */
export function supplyOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * The server's refusal, when it names one of the dialog's fields: its message goes under that
 * field (and not again at the foot of the dialog).
 */
export function fieldErrorOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | null {
  if (!(error instanceof ApiError) || error.field === undefined) return null;
  const field = fields.find((f) => f === error.field);
  return field === undefined ? null : { field, message: error.message };
}
