import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../../src/db/migrate.ts';
import { dumpPglite } from '../../../src/db/pglite.ts';

/**
 * Migrates one embedded database per run and leaves its data directory in a file: each suite's
 * PGlite starts as a copy of it (harness.ts), instead of creating a cluster and applying every
 * migration again, which took seconds a suite and dozens of suites.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'otc-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const dump = await dumpPglite(migrate);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (global-setup.ts), for each suite to open a copy of. */
    pgliteTemplate: string;
  }
}
