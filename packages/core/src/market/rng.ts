/**
 * Seeded pseudo-random numbers for the simulated market feed.
 *
 * The generator is sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state) seeded
 * from the cyrb128 string hash. Both use only 32-bit integer arithmetic (Math.imul, shifts, `| 0`), so
 * `next()` is bit-identical on every platform and run. `normal()` uses Box-Muller (Math.log, Math.sqrt,
 * Math.cos, Math.sin); V8 implements these in software (fdlibm ports), so on Node they are identical
 * across platforms as well.
 */
export interface Rng {
  /** Uniform in [0, 1), 32 bits of resolution. */
  next(): number;
  /** Standard normal (mean 0, standard deviation 1). */
  normal(): number;
}

/** cyrb128: a fast, well-mixed 128-bit string hash (four 32-bit words). */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32 over a 128-bit state; returns a function yielding uint32 values. */
function sfc32(seedA: number, seedB: number, seedC: number, seedD: number): () => number {
  let a = seedA | 0;
  let b = seedB | 0;
  let c = seedC | 0;
  let d = seedD | 0;
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
}

const TWO_POW_32 = 4294967296;
/** Outputs discarded after seeding so that similar seeds diverge fully. */
const WARM_UP = 16;

/** A deterministic generator: the same seed always yields the same sequence. A number seed is used as its decimal string (42 and '42' are the same seed). */
export function createRng(seed: number | string): Rng {
  const [a, b, c, d] = cyrb128(String(seed));
  const u32 = sfc32(a, b, c, d);
  for (let i = 0; i < WARM_UP; i++) u32();
  const next = () => u32() / TWO_POW_32;
  let spare: number | null = null;
  return {
    next,
    normal() {
      if (spare !== null) {
        const z = spare;
        spare = null;
        return z;
      }
      const u1 = 1 - next(); // (0, 1]: log never sees 0
      const u2 = next();
      const r = Math.sqrt(-2 * Math.log(u1));
      const theta = 2 * Math.PI * u2;
      spare = r * Math.sin(theta);
      return r * Math.cos(theta);
    },
  };
}

/**
 * A child seed for one purpose (e.g. deriveSeed(root, 'walk', 'BTCUSDT')): deterministic, and distinct
 * for distinct part lists (the parts are framed, so ('ab', 'c') and ('a', 'bc') differ). 32 hex digits.
 */
export function deriveSeed(seed: string, ...parts: string[]): string {
  return cyrb128(JSON.stringify([seed, ...parts]))
    .map((w) => w.toString(16).padStart(8, '0'))
    .join('');
}
