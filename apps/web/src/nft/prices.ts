import { parseUnits } from '@otc/core';

/** The lowest of the items' prices (decimal strings, compared exactly), or null for none. */
export function lowestPrice(items: readonly { price: string }[]): string | null {
  let low: string | null = null;
  for (const { price } of items) if (low === null || parseUnits(price) < parseUnits(low)) low = price;
  return low;
}
