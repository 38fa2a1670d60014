import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../../src/config.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
/** Read outside the config's schema: the dev chain's binary (platform/chain/dev-node.ts). */
const OTHER_SETTINGS = ['ANVIL_BIN'];
const settings = [...SETTING_NAMES, ...OTHER_SETTINGS].sort();

describe('every setting is written down where an operator looks', () => {
  it('.env.example names each one, and nothing the server does not read', () => {
    const text = readFileSync(path.join(root, '.env.example'), 'utf8');
    const listed = [...text.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(settings);
  });

  it("the README's settings table names each one, and nothing the server does not read", () => {
    const text = readFileSync(path.join(root, 'README.md'), 'utf8');
    const firstCells = text
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] ?? '');
    const listed = firstCells
      .flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]))
      .sort();
    expect(listed).toEqual(settings);
  });
});
