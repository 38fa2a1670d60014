/**
 * Keccak-256 (the pre-standard SHA-3 Ethereum uses), small enough for the web app: it only hashes
 * addresses for their EIP-55 checksum, so 64-bit lanes as bigints are fast enough and plain to read.
 */
const MASK = (1n << 64n) - 1n;
const RATE_BYTES = 136;

/** Round constants of Keccak-f[1600]. */
const ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];

/** Rotation of lane x + 5y. */
const ROTATIONS = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

const rotl = (lane: bigint, by: number) =>
  by === 0 ? lane : ((lane << BigInt(by)) | (lane >> BigInt(64 - by))) & MASK;

function permute(state: bigint[]): void {
  const c = new Array<bigint>(5);
  const b = new Array<bigint>(25);
  for (const rc of ROUND_CONSTANTS) {
    for (let x = 0; x < 5; x++)
      c[x] =
        (state[x] as bigint) ^
        (state[x + 5] as bigint) ^
        (state[x + 10] as bigint) ^
        (state[x + 15] as bigint) ^
        (state[x + 20] as bigint);
    for (let x = 0; x < 5; x++) {
      const d = (c[(x + 4) % 5] as bigint) ^ rotl(c[(x + 1) % 5] as bigint, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = (state[x + y] as bigint) ^ d;
    }
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++)
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(state[x + 5 * y] as bigint, ROTATIONS[x + 5 * y] as number);
    for (let y = 0; y < 25; y += 5)
      for (let x = 0; x < 5; x++)
        state[x + y] =
          (b[x + y] as bigint) ^
          (~(b[((x + 1) % 5) + y] as bigint) & MASK & (b[((x + 2) % 5) + y] as bigint));
    state[0] = (state[0] as bigint) ^ rc;
  }
}

export function keccak256(input: Uint8Array): Uint8Array {
  // Keccak padding (0x01 ... 0x80), not SHA-3's 0x06.
  const padded = new Uint8Array(Math.floor(input.length / RATE_BYTES + 1) * RATE_BYTES);
  padded.set(input);
  padded[input.length] = (padded[input.length] as number) ^ 0x01;
  padded[padded.length - 1] = (padded[padded.length - 1] as number) ^ 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let block = 0; block < padded.length; block += RATE_BYTES) {
    for (let lane = 0; lane < RATE_BYTES / 8; lane++) {
      let value = 0n;
      for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(padded[block + lane * 8 + i] as number);
      state[lane] = (state[lane] as bigint) ^ value;
    }
    permute(state);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number(((state[i >> 3] as bigint) >> BigInt(8 * (i & 7))) & 0xffn);
  return out;
}
