import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { formatBits, qrModules, reedSolomon } from './qr.ts';

describe('the QR encoder', () => {
  it('computes Reed-Solomon codewords as the standard’s worked example (HELLO WORLD, 1-M)', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('writes the format bits of level M with mask 0 as the standard’s table', () => {
    expect(formatBits(0).toString(2).padStart(15, '0')).toBe('101010000010010');
  });

  it('draws an address as version 3 (29 modules) with its three finder patterns', () => {
    const m = qrModules(`0x${'ab'.repeat(20)}`);
    expect(m).toHaveLength(29);
    const finderRow = [true, true, true, true, true, true, true, false];
    expect(m[0]?.slice(0, 8)).toEqual(finderRow);
    expect(m[0]?.slice(21)).toEqual([false, ...finderRow.slice(0, 7)]);
    expect(m[28]?.slice(0, 8)).toEqual(finderRow);
    expect(m[29 - 8]?.[8]).toBe(true); // the module the standard keeps always dark
  });

  it('grows to the version a longer text needs (a site URL, an authenticator address) and refuses one longer than version 9 holds', () => {
    // 61 bytes: more than version 3's 42 data bytes at level M, within version 4's 62.
    expect(qrModules(`https://${'a'.repeat(44)}.example/`)).toHaveLength(33);
    expect(qrModules('x'.repeat(106))).toHaveLength(41);
    expect(qrModules('x'.repeat(107))).toHaveLength(45);
    expect(qrModules('x'.repeat(180))).toHaveLength(53);
    expect(() => qrModules('x'.repeat(181))).toThrow(/too long/);
  });

  it('draws what a QR reader reads back: addresses and URLs of every version it makes', () => {
    for (const text of [
      `0x${'ab'.repeat(20)}`,
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      'TQ5NLpJq6Yk3p1xZbG3fWcLdVnH7yWgQmZ',
      `https://${'a'.repeat(44)}.example/`,
      'x'.repeat(106),
      'otpauth://totp/OTC%20Markets%3Aann%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=OTC+Markets',
      'y'.repeat(150),
      'z'.repeat(180),
    ]) {
      const image = render(qrModules(text));
      expect(jsQR(image.data, image.width, image.height)?.data, text).toBe(text);
    }
  });
});

/** The modules as an RGBA image, 4 pixels a module, with the 4-module quiet zone readers need. */
function render(modules: boolean[][]): { data: Uint8ClampedArray; width: number; height: number } {
  const scale = 4;
  const size = (modules.length + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const [y, row] of modules.entries())
    for (const [x, dark] of row.entries()) {
      if (!dark) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + 4) * scale + dy) * size + (x + 4) * scale + dx) * 4;
          data.fill(0, at, at + 3);
        }
    }
  return { data, width: size, height: size };
}
