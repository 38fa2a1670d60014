import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_SETUP_TESTS, sharedSetupAvailable } from './shared-setup-tests.mjs';

const root = 'apps/server/test/integration';
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(path.join(dir, e.name))
      : e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );

describe('the files left out without a shared PostgreSQL and Redis', () => {
  it('are exactly those whose every suite is a shared setup', () => {
    const onlyShared = files(root).filter((f) => {
      const source = readFileSync(f, 'utf8');
      const suites = source.match(/^\s*describe(\.each\([^)]*\))?\(/gm) ?? [];
      return suites.length > 0 && suites.every((s) => s.includes('describe.each(SHARED_SETUPS)'));
    });
    expect(onlyShared.sort()).toEqual([...SHARED_SETUP_TESTS].sort());
  });

  it('are left out only when one of the two URLs is missing', () => {
    expect(sharedSetupAvailable({ TEST_DATABASE_URL: 'postgres://x', TEST_REDIS_URL: 'redis://x' })).toBe(
      true,
    );
    expect(sharedSetupAvailable({ TEST_DATABASE_URL: 'postgres://x' })).toBe(false);
    expect(sharedSetupAvailable({ TEST_REDIS_URL: 'redis://x' })).toBe(false);
  });
});
