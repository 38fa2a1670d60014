import type { TestProject } from 'vitest/node';
import { makeTemplate } from '../../src/db/template.ts';

/**
 * The migrated embedded database `npm install` made (db/template.ts; made here if missing or older
 * than the migrations): each suite's PGlite starts as a copy of it (harness.ts), instead of
 * creating a cluster and applying every migration again, which took seconds a suite and dozens of
 * suites.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await makeTemplate());
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (global-setup.ts), for each suite to open a copy of. */
    pgliteTemplate: string;
  }
}
