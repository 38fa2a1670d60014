/**
 * A small QR encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1 to 9 (up to
 * 180 bytes: a deposit address is 42, the site's URL a few dozen, an authenticator's otpauth://
 * address with an email in it well over 106), mask 0. Kept here rather than a
 * package: the app draws only short texts, and it loads with the pages that show a code only (the
 * deposit page, the no-wallet page), never with the first route. Returns the modules, true for dark,
 * rows first.
 */

/** Per version 1..9 at level M: error-correction codewords per block, blocks, total codewords. */
const M_TABLE = [
  { ecc: 10, blocks: 1, total: 26 },
  { ecc: 16, blocks: 1, total: 44 },
  { ecc: 26, blocks: 1, total: 70 },
  { ecc: 18, blocks: 2, total: 100 },
  { ecc: 24, blocks: 2, total: 134 },
  { ecc: 16, blocks: 4, total: 172 },
  { ecc: 18, blocks: 4, total: 196 },
  { ecc: 22, blocks: 4, total: 242 },
  { ecc: 22, blocks: 5, total: 292 },
] as const;

/** The centres' coordinates of the alignment patterns of versions 7 to 9 (from 2 to 6: one, far corner). */
const ALIGNMENT: Record<number, readonly number[]> = { 7: [6, 22, 38], 8: [6, 24, 42], 9: [6, 26, 46] };
/** The 18 version bits (version and BCH code) versions 7 and up carry, from the standard's table. */
const VERSION_BITS: Record<number, number> = { 7: 0x07c94, 8: 0x085bc, 9: 0x09a99 };

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j] as number, root);
      if (j + 1 < degree) result[j] = (result[j] as number) ^ (result[j + 1] as number);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The Reed-Solomon error-correction codewords of `data`. */
export function reedSolomon(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const b of data) {
    const factor = b ^ (result.shift() as number);
    result.push(0);
    divisor.forEach((coef, i) => {
      result[i] = (result[i] as number) ^ gfMultiply(coef, factor);
    });
  }
  return result;
}

/** The 15 format bits for level M and `mask`, with their BCH code and the standard's XOR mask. */
export function formatBits(mask: number): number {
  const data = (0b00 << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

function codewords(bytes: Uint8Array): { version: number; words: number[] } {
  const version = M_TABLE.findIndex((v) => v.total - v.ecc * v.blocks >= bytes.length + 2) + 1;
  if (version === 0) throw new Error('too long for a QR code here');
  const spec = M_TABLE[version - 1] as (typeof M_TABLE)[number];
  const capacity = spec.total - spec.ecc * spec.blocks;
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, 8);
  for (const b of bytes) push(b, 8);
  push(0, Math.min(4, capacity * 8 - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; data.length < capacity; pad ^= 0xec ^ 0x11) data.push(pad);
  // Level M's blocks: equal up to version 7; from 8 the last ones hold a byte more. Data then error
  // correction, interleaved (a shorter block has no byte at the last index).
  const short = Math.floor(capacity / spec.blocks);
  const longFrom = spec.blocks - (capacity % spec.blocks);
  const blocks: number[][] = [];
  for (let i = 0, at = 0; i < spec.blocks; i++) {
    const length = short + (i >= longFrom ? 1 : 0);
    blocks.push(data.slice(at, at + length));
    at += length;
  }
  const eccs = blocks.map((b) => reedSolomon(b, spec.ecc));
  const words: number[] = [];
  for (let i = 0; i <= short; i++) for (const b of blocks) if (i < b.length) words.push(b[i] as number);
  for (let i = 0; i < spec.ecc; i++) for (const e of eccs) words.push(e[i] as number);
  return { version, words };
}

export function qrModules(text: string): boolean[][] {
  const { version, words } = codewords(new TextEncoder().encode(text));
  const size = version * 4 + 17;
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, on: boolean) => {
    (dark[y] as boolean[])[x] = on;
    (fixed[y] as boolean[])[x] = true;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const dist = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, dist !== 2 && dist !== 4);
      }
  }
  const centres = ALIGNMENT[version] ?? (version > 1 ? [6, size - 7] : []);
  const last = centres.length - 1;
  for (const [i, cx] of centres.entries())
    for (const [j, cy] of centres.entries()) {
      // None where a finder pattern is (the three corners but the far one).
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  const versionBits = VERSION_BITS[version];
  if (versionBits !== undefined)
    for (let i = 0; i < 18; i++) {
      const on = ((versionBits >>> i) & 1) === 1;
      const a = Math.floor(i / 3);
      const b = size - 11 + (i % 3);
      set(a, b, on);
      set(b, a, on);
    }
  const format = formatBits(0);
  const bit = (i: number) => ((format >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(8, i, bit(i));
  set(8, 7, bit(6));
  set(8, 8, bit(7));
  set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
  set(8, size - 8, true);

  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if ((fixed[y] as boolean[])[x]) continue;
        const on = i < words.length * 8 && (((words[i >>> 3] as number) >>> (7 - (i & 7))) & 1) === 1;
        i++;
        // Mask 0: modules where (x + y) is even are inverted.
        (dark[y] as boolean[])[x] = on !== ((x + y) % 2 === 0);
      }
  }
  return dark;
}

/** The modules as one SVG path of unit squares, for a viewBox of size + 8 (a four-module quiet zone). */
export function qrPath(modules: boolean[][]): string {
  let d = '';
  modules.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    });
  });
  return d;
}
