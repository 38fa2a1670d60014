import { UPLOAD_MAX_PIXELS, type UploadMime } from '@otc/protocol/uploads/constants';
import sharp from 'sharp';
import { failField } from '../http/errors.ts';

// Nothing to reuse between uploads: each image is decoded once.
sharp.cache(false);

const FORMAT = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export interface Reencoded {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes the image to pixels and encodes it again in its own format, turned upright by its EXIF
 * orientation: what is stored is only the picture. Metadata (GPS, camera) is not carried over, and
 * whatever was appended after the image (a script in a polyglot file) is never read by the decoder.
 * Refuses an image whose header claims more than UPLOAD_MAX_PIXELS (a decompression bomb) before
 * decoding it, and one the decoder cannot read.
 */
export async function reencode(input: Buffer, mime: UploadMime): Promise<Reencoded> {
  // Reading the header costs nothing whatever it claims; decoding is capped as well, in case.
  const header = { failOn: 'error' } as const;
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error', pages: 1 } as const;
  let width: number | undefined;
  let height: number | undefined;
  let format: string | undefined;
  try {
    ({ width, height, format } = await sharp(input, header).metadata());
  } catch {
    failField('upload_invalid_image', 'file');
  }
  if (!width || !height || format !== FORMAT[mime]) failField('upload_invalid_image', 'file');
  if (width * height > UPLOAD_MAX_PIXELS)
    failField('upload_too_many_pixels', 'file', { max: UPLOAD_MAX_PIXELS / 1e6 });
  try {
    const image = sharp(input, options).rotate();
    const encoded =
      mime === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : mime === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    failField('upload_invalid_image', 'file');
  }
}
