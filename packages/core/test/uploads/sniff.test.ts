import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffImage } from '../../src/index.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImage: the type an upload is, by its first bytes', () => {
  it('knows JPEG, PNG and WebP by their magic bytes', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('image/png');
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses what is not one of them, whatever it would be named', () => {
    expect(sniffImage(bytes('%PDF-1.7\n%'))).toBeUndefined();
    expect(sniffImage(bytes('<!doctype html>'))).toBeUndefined();
    expect(sniffImage(bytes('GIF89a'))).toBeUndefined();
    // A RIFF file that is not WebP (a WAV sound).
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
    expect(sniffImage(bytes([0x89], 'PNX', [0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined();
  });

  it('needs no more than SNIFF_BYTES bytes, and a shorter file is simply not an image', () => {
    const webp = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
    expect(sniffImage(webp.subarray(0, SNIFF_BYTES))).toBe('image/webp');
    expect(sniffImage(webp.subarray(0, 10))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
  });
});
