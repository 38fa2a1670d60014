/** Hex as JSON-RPC carries it: quantities without leading zeros, bytes as UTF-8. */
export type Hex = `0x${string}`;

export function toQuantity(value: bigint): Hex {
  if (value < 0n) throw new RangeError('a quantity is never negative');
  return `0x${value.toString(16)}`;
}

export function fromQuantity(hex: unknown): bigint {
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]*$/.test(hex)) throw new Error('the wallet sent no number');
  return hex === '0x' ? 0n : BigInt(hex);
}

export function utf8ToHex(text: string): Hex {
  let out = '0x';
  for (const byte of new TextEncoder().encode(text)) out += byte.toString(16).padStart(2, '0');
  return out as Hex;
}
