import type { TestProject } from 'vitest/node';
import { makeTemplate } from '../../../src/db/template.ts';
import { postgresTemplate } from './postgres-template.ts';

/**
 * The migrated embedded database `npm install` made (db/template.ts; made here if missing or older
 * than the migrations): each suite's PGlite starts as a copy of it (harness.ts), instead of
 * creating a cluster and applying every migration again, which took seconds a suite and dozens of
 * suites.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await makeTemplate());
  // On PostgreSQL each suite's database is a copy of a migrated one (postgres-template.ts).
  const url = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', url ? await postgresTemplate(url) : '');
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (global-setup.ts), for each suite to open a copy of. */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database each suite's is a copy of, or '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}
