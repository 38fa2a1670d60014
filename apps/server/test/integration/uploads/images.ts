import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Test images made by sharp itself, so no binary fixture lives in git. */
const base = (width = 24, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

export const png = (width?: number, height?: number) => base(width, height).png().toBuffer();
export const jpeg = () => base().jpeg().toBuffer();
export const webp = () => base().webp().toBuffer();

/** A JPEG that says where it was taken (GPS) and with which camera, lying on its side (orientation 6). */
export const jpegWithGps = () =>
  base(40, 20)
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A PNG whose header claims `width` x `height` (its IHDR rewritten, checksum included), pixels aside. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(2, 2));
  // Signature (8), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), ... CRC.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const SCRIPT = '<script>alert(1)</script>';

/** Whether EXIF data points to a GPS section (tag 0x8825, in either byte order). */
export const hasGpsPointer = (exif: Buffer | undefined) =>
  exif !== undefined &&
  (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
