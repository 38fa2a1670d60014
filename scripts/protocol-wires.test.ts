import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'protocol-wires.mjs');
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** A protocol tree: two areas with a wire, one folder without. */
async function tree(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'otc-wires-'));
  dirs.push(dir);
  for (const [folder, name] of [
    ['spot', 'spotWire'],
    ['auth', 'authWire'],
  ]) {
    await mkdir(path.join(dir, folder), { recursive: true });
    await writeFile(path.join(dir, folder, 'wire.ts'), `export const ${name} = { contracts: [] };\n`);
  }
  await mkdir(path.join(dir, 'socket'));
  await writeFile(path.join(dir, 'socket', 'schemas.ts'), 'export const x = 1;\n');
  return dir;
}
const run = (dir: string, ...flags: string[]) =>
  execFileSync(process.execPath, [script, ...flags, dir], { encoding: 'utf8', stdio: 'pipe' });

describe('the protocol wire list is found, not written', () => {
  it('lists every folder with a wire.ts, by its exported name, in folder order', async () => {
    const dir = await tree();
    run(dir);
    const list = await readFile(path.join(dir, 'wire-list.ts'), 'utf8');
    expect(list).toContain(
      "import { authWire } from './auth/wire.ts';\nimport { spotWire } from './spot/wire.ts';",
    );
    expect(list).toMatch(/WIRE_LIST = \[\n {2}authWire,\n {2}spotWire,\n\] as const;/);
    expect(list).not.toContain('socket');
    expect(run(dir, '--check')).toMatch(/2 areas/);
  });

  it('fails the check once an area adds its wire.ts, until the list is written again', async () => {
    const dir = await tree();
    run(dir);
    await mkdir(path.join(dir, 'loan'));
    await writeFile(path.join(dir, 'loan', 'wire.ts'), 'export const loanWire = { contracts: [] };\n');
    expect(() => run(dir, '--check')).toThrow(/run npm run wires/);
    run(dir);
    expect(run(dir, '--check')).toMatch(/3 areas/);
  });

  it('refuses a wire.ts that exports no <name>Wire', async () => {
    const dir = await tree();
    await writeFile(path.join(dir, 'spot', 'wire.ts'), 'export const spot = {};\n');
    expect(() => run(dir)).toThrow(/spot\/wire.ts exports no/);
  });
});
