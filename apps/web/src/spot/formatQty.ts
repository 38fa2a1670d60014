import { formatPrice } from '../money/format.ts';

/** A size with its own places, at most 6 (the book, the tape and the depth chart). */
export function formatQty(qty: string, lang: string): string {
  return formatPrice(qty, Math.min((qty.split('.')[1] ?? '').length, 6), lang);
}
