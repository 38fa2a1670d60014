/** The image types uploads take (the protocol's `UploadMime`). */
export type SniffedImage = 'image/jpeg' | 'image/png' | 'image/webp';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** How many leading bytes `sniffImage` reads: a client may slice just these off a file. */
export const SNIFF_BYTES = 12;

/**
 * The image type the content says, by its magic bytes; never the name or the Content-Type the
 * client sent (a PNG named .jpg is a PNG; a PDF named .png is nothing we take). The server decides
 * on it and the web app uses it for a fast message before sending.
 */
export function sniffImage(bytes: Uint8Array): SniffedImage | undefined {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  // RIFF <size> WEBP
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}
