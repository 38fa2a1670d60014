import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { digestOf, inputsDigest, needsBuild } from './build-if-changed.mjs';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** A small repository: an app with sources, a shared package and a lockfile. */
async function repo(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'otc-build-'));
  dirs.push(dir);
  await mkdir(path.join(dir, 'app/src'), { recursive: true });
  await mkdir(path.join(dir, 'shared'), { recursive: true });
  await writeFile(path.join(dir, 'app/src/main.ts'), 'export const a = 1;\n');
  await writeFile(path.join(dir, 'app/vite.config.ts'), 'export default {};\n');
  await writeFile(path.join(dir, 'shared/index.ts'), 'export const b = 2;\n');
  await writeFile(path.join(dir, 'lock.json'), '{}\n');
  return dir;
}
const INPUTS = ['app', 'shared', 'lock.json'];

describe('build only when the inputs changed', () => {
  it('digests a set of files whatever their order, and any change of a path or content changes it', () => {
    const files = [
      { path: 'a.ts', hash: '1' },
      { path: 'b.ts', hash: '2' },
    ];
    const digest = digestOf(files);
    expect(digestOf([...files].reverse())).toBe(digest);
    expect(digestOf([{ path: 'a.ts', hash: '1' }])).not.toBe(digest);
    expect(digestOf([files[0], { path: 'b.ts', hash: '3' }])).not.toBe(digest);
    expect(digestOf([files[0], { path: 'c.ts', hash: '2' }])).not.toBe(digest);
  });

  it('builds without a stamp, with another stamp, or when asked; not when the stamp matches', () => {
    expect(needsBuild({ always: false, stamp: undefined, digest: 'd' })).toBe(true);
    expect(needsBuild({ always: false, stamp: 'e\n', digest: 'd' })).toBe(true);
    expect(needsBuild({ always: false, stamp: 'd\n', digest: 'd' })).toBe(false);
    expect(needsBuild({ always: true, stamp: 'd\n', digest: 'd' })).toBe(true);
  });

  it('sees an edited source, a shared package, the lockfile and a new file, by content only', async () => {
    const dir = await repo();
    const before = await inputsDigest(INPUTS, dir);
    // Written again with the same content (a checkout, a touch): nothing to build.
    await writeFile(path.join(dir, 'app/src/main.ts'), 'export const a = 1;\n');
    expect(await inputsDigest(INPUTS, dir)).toBe(before);

    for (const [file, content] of [
      ['app/src/main.ts', 'export const a = 2;\n'],
      ['shared/index.ts', 'export const b = 3;\n'],
      ['lock.json', '{"v":2}\n'],
      ['app/src/new.ts', 'export {};\n'],
    ] as const) {
      const was = await inputsDigest(INPUTS, dir);
      await writeFile(path.join(dir, file), content);
      expect(await inputsDigest(INPUTS, dir), file).not.toBe(was);
    }
  });

  it('ignores what builds, installs and tests write', async () => {
    const dir = await repo();
    const before = await inputsDigest(INPUTS, dir);
    for (const folder of ['app/dist', 'app/node_modules/x', 'shared/test']) {
      await mkdir(path.join(dir, folder), { recursive: true });
      await writeFile(path.join(dir, folder, 'file.js'), 'x\n');
    }
    expect(await inputsDigest(INPUTS, dir)).toBe(before);
  });
});
