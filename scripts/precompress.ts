import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Brotli and gzip copies of the built apps' text files, made once at build time at the highest
 * levels (too slow per request, free here), so the server sends them as they are
 * (apps/server/src/web/static.ts picks one by Accept-Encoding).
 */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Under this the headers and a compressor's framing outweigh what is saved. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `<file>.br` and `<file>.gz` beside each text file of `dir` (recursively) over 1 KB. */
export async function precompressDir(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && TEXT.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    // Dot folders (Vite's .vite/manifest.json) are not served.
    .filter((file) => !path.relative(dir, file).startsWith('.'));
  await Promise.all(files.map(precompressFile));
}

async function precompressFile(file: string): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file would only cost the client the decoding.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
}

/**
 * The Vite plugin: once the bundle and the public folder are written, compress the output folder.
 * Typed by shape, not by Vite's types, so the server's tests can import this file too.
 */
export function precompress() {
  return {
    name: 'precompress',
    apply: 'build' as const,
    async writeBundle(options: { dir?: string | undefined }) {
      if (options.dir) await precompressDir(options.dir);
    },
  };
}
