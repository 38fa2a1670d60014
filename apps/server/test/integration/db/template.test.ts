import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../../src/db/migrate.ts';
import { openEmbedded } from '../../../src/db/open.ts';
import { makeTemplate, readTemplate, templatePath } from '../../../src/db/template.ts';

const dirs: string[] = [];
const freshDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'otc-template-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
};
const migrations = async () => (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).length;

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// Two of these create a cluster (initdb: seconds of WebAssembly, far more on a busy machine).
describe('the embedded database template npm install makes', { timeout: 120_000 }, () => {
  it('a first start loads it: every migration is applied, none is left to run', async () => {
    const file = await makeTemplate();
    expect(file).toBe(await templatePath());
    expect(existsSync(file)).toBe(true);
    const dir = await freshDir();
    const db = await openEmbedded(dir);
    try {
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(row?.n).toBe(await migrations());
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('an existing database keeps its data: the template is not loaded over it', async () => {
    const dir = await freshDir();
    const first = await openEmbedded(dir, async () => undefined);
    await migrate(first);
    await first.exec("INSERT INTO schema_migrations (id) VALUES ('kept-by-the-second-open')");
    await first.close();
    const again = await openEmbedded(dir, readTemplate);
    try {
      const rows = await again.query("SELECT 1 FROM schema_migrations WHERE id = 'kept-by-the-second-open'");
      expect(rows).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('a broken template costs nothing but its time: the database is created as without one', async () => {
    const dir = await freshDir();
    const warnings: string[] = [];
    const db = await openEmbedded(
      dir,
      async () => new Blob(['not a data directory']),
      (message) => warnings.push(message),
    );
    try {
      // The fallback ran (not a template silently ignored): it said so once, and created the database.
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/template could not be loaded/);
      expect(await migrate(db)).toHaveLength(await migrations());
    } finally {
      await db.close();
    }
  });
});
