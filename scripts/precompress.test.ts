import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { buildEnv, needsUpgrade } from './build-if-changed.mjs';
import { LEVELS, levelFrom, levelOf, precompressDir, precompressFile } from './precompress.ts';
import { upgrade } from './precompress-upgrade.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** A built app: an index, a hashed chunk large enough to compress, a tiny one. */
async function dist(): Promise<{ dir: string; chunk: string; chunkBytes: Buffer }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'otc-precompress-'));
  dirs.push(dir);
  await mkdir(path.join(dir, 'assets'));
  const chunk = path.join(dir, 'assets/index-abc123.js');
  // Varied text, so brotli 11 finds more than brotli 5 does.
  const chunkBytes = Buffer.from(
    Array.from(
      { length: 3000 },
      (_, i) => `export const p${i} = '${((i * 7919) % 10007).toString(36)}';\n`,
    ).join(''),
  );
  await writeFile(chunk, chunkBytes);
  await writeFile(path.join(dir, 'assets/tiny-abc123.js'), 'export default 1;');
  await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<div class="row"></div>'.repeat(80)}`);
  return { dir, chunk, chunkBytes };
}

describe('compressed copies: fast for npm start, the smallest for a release', () => {
  it('a build is a release build unless npm start asked for fast copies', () => {
    expect(levelFrom({})).toBe('release');
    expect(levelFrom({ OTC_PRECOMPRESS: 'release' })).toBe('release');
    expect(levelFrom({ OTC_PRECOMPRESS: 'fast please' })).toBe('release');
    expect(levelFrom({ OTC_PRECOMPRESS: 'start' })).toBe('start');
    expect(LEVELS.release).toEqual({ brotli: 11, gzip: 9 });
    expect(LEVELS.start).toEqual({ brotli: 5, gzip: 6 });
  });

  it("npm start's builds ask for fast copies; any other build drops a stray request for them", () => {
    expect(buildEnv({ PATH: '/bin', NODE_ENV: 'test' }, 'start')).toEqual({
      PATH: '/bin',
      NODE_ENV: 'production',
      OTC_PRECOMPRESS: 'start',
    });
    // `npm run build` (CI, then the budget and e2e) from a shell that still has it set.
    expect(buildEnv({ PATH: '/bin', OTC_PRECOMPRESS: 'start' })).toEqual({
      PATH: '/bin',
      NODE_ENV: 'production',
    });
  });

  it('an unchanged build is upgraded only when a release is asked for and its copies are fast ones', () => {
    expect(needsUpgrade({ level: 'release', built: 'start' })).toBe(true);
    expect(needsUpgrade({ level: 'release', built: 'release' })).toBe(false);
    expect(needsUpgrade({ level: 'start', built: 'start' })).toBe(false);
    // A build from before the levels (no file): its copies were brotli 11.
    expect(needsUpgrade({ level: 'release', built: '' })).toBe(false);
  });

  it('fast copies decode to the files, are recorded as such, and the upgrade makes them smaller and release-level', async () => {
    const { dir, chunk, chunkBytes } = await dist();
    await precompressDir(dir, 'start');
    expect(await levelOf(dir)).toBe('start');
    const fastBr = await readFile(`${chunk}.br`);
    expect(brotliDecompressSync(fastBr).equals(chunkBytes)).toBe(true);
    expect(gunzipSync(await readFile(`${chunk}.gz`)).equals(chunkBytes)).toBe(true);

    expect(await upgrade([dir])).toEqual([dir]);
    expect(await levelOf(dir)).toBe('release');
    const releaseBr = await readFile(`${chunk}.br`);
    expect(brotliDecompressSync(releaseBr).equals(chunkBytes)).toBe(true);
    expect(releaseBr.length).toBeLessThan(fastBr.length);
    // Nothing half-written is left beside the files, and a tiny file still gets no copy.
    expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'tiny-abc123.js',
    ]);
    // Already at the release level: nothing to do.
    expect(await upgrade([dir])).toEqual([]);
  });

  it('a folder whose copies never finished says no level, and a release build records its own', async () => {
    const { dir } = await dist();
    expect(await levelOf(dir)).toBeUndefined();
    await precompressDir(dir);
    expect(await levelOf(dir)).toBe('release');
  });

  it('a copy is never written for a file that changed while it was compressed (a new build won)', async () => {
    const { dir, chunk } = await dist();
    await precompressDir(dir, 'start');
    const before = await readFile(`${chunk}.br`);
    // The upgrade reads the chunk, then a rebuild rewrites it before the copy lands: the copy of
    // the old content must not sit beside the new file.
    const rewritten = Buffer.from('export const rebuilt = true;\n'.repeat(200));
    await precompressFile(chunk, 'release', async () => {
      await writeFile(chunk, rewritten);
    });
    expect((await readFile(`${chunk}.br`)).equals(before)).toBe(true);
    expect((await readdir(path.join(dir, 'assets'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
