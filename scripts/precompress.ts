import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Brotli and gzip copies of the built apps' text files, made at build time, so the server sends
 * them as they are (apps/server/src/web/static.ts picks one by Accept-Encoding).
 *
 * Two levels (issue 24): a release build (`npm run build`, CI, e2e, the budget) writes the smallest
 * copies (brotli 11, gzip 9: 6.5 s of CPU for both apps, too slow per request, fine once); the build
 * of `npm start` writes fast ones (brotli 5, gzip 6: 0.3 s, ~10 % larger) so a first start serves
 * sooner, and once it serves, `scripts/precompress-upgrade.ts` rewrites them at the release level
 * in the background. `dist/.precompressed` names the level the folder's copies are at.
 */
export const LEVELS = {
  release: { brotli: constants.BROTLI_MAX_QUALITY, gzip: constants.Z_BEST_COMPRESSION },
  start: { brotli: 5, gzip: 6 },
} as const;
export type Level = keyof typeof LEVELS;
export const LEVEL_FILE = '.precompressed';
/** The environment variable `npm start` sets for its builds (scripts/build-if-changed.mjs). */
export const LEVEL_ENV = 'OTC_PRECOMPRESS';

/** A build's level: `start` only when `npm start` asked for it; anything else is a release build. */
export function levelFrom(env: Record<string, string | undefined>): Level {
  return env[LEVEL_ENV] === 'start' ? 'start' : 'release';
}

/** The level of the copies in `dir`, as its last precompression wrote it (undefined: none finished). */
export async function levelOf(dir: string): Promise<Level | undefined> {
  const text = await readFile(path.join(dir, LEVEL_FILE), 'utf8').catch(() => undefined);
  const level = text?.trim();
  return level === 'release' || level === 'start' ? level : undefined;
}

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Under this the headers and a compressor's framing outweigh what is saved. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text files of `dir` (recursively) the server may send compressed. */
async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return (
    entries
      .filter((e) => e.isFile() && TEXT.test(e.name))
      .map((e) => path.join(e.parentPath, e.name))
      // Dot folders (Vite's .vite/manifest.json) are not served.
      .filter((file) => !path.relative(dir, file).startsWith('.'))
  );
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of `dir` over 1 KB at `level`, then
 * records the level. `oneAtATime` compresses the files in turn (the background upgrade, which
 * should take one core at most beside a serving server), else all at once (a build).
 */
export async function precompressDir(
  dir: string,
  level: Level = 'release',
  { oneAtATime = false } = {},
): Promise<void> {
  const files = await textFiles(dir);
  if (oneAtATime) for (const file of files) await precompressFile(file, level);
  else await Promise.all(files.map((file) => precompressFile(file, level)));
  await writeFile(path.join(dir, LEVEL_FILE), `${level}\n`);
}

/**
 * The copies of one file. `afterCompress` runs between compressing and writing (tests use it to
 * change the file there, as a rebuild can).
 */
export async function precompressFile(
  file: string,
  level: Level,
  afterCompress?: () => Promise<void>,
): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const { brotli: quality, gzip: gzipLevel } = LEVELS[level];
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(data, { level: gzipLevel }),
  ]);
  await afterCompress?.();
  // A copy no smaller than the file would only cost the client the decoding.
  if (br.length < data.length) await replace(file, `${file}.br`, data, br);
  if (gz.length < data.length) await replace(file, `${file}.gz`, data, gz);
}

/**
 * Writes `copy` whole or not at all (a temporary file renamed over it: the server, which may be
 * sending the old copy, never reads half a file), and only while `file` still holds what was
 * compressed (a build that replaced it meanwhile keeps its own copies).
 */
async function replace(file: string, copyPath: string, original: Buffer, copy: Buffer): Promise<void> {
  const tmp = `${copyPath}.${process.pid}.tmp`;
  await writeFile(tmp, copy);
  const now = await readFile(file).catch(() => undefined);
  if (now?.equals(original)) await rename(tmp, copyPath);
  else await rm(tmp, { force: true });
}

/**
 * The Vite plugin: once the bundle and the public folder are written, compress the output folder
 * at the level the build was asked for. Typed by shape, not by Vite's types, so the server's tests
 * can import this file too.
 */
export function precompress() {
  return {
    name: 'precompress',
    apply: 'build' as const,
    async writeBundle(options: { dir?: string | undefined }) {
      if (options.dir) await precompressDir(options.dir, levelFrom(process.env));
    },
  };
}
