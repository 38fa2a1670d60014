import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../../../src/db/migrate.ts';
import { openPostgres } from '../../../src/db/postgres.ts';
import { migrationsDigest } from '../../../src/db/template.ts';

/**
 * A migrated database on the test PostgreSQL that every suite's database is a copy of (`CREATE
 * DATABASE ... TEMPLATE`: a tenth of a second, where migrating a fresh schema took 1.3-2 s). Its
 * name carries a digest of the migrations, so runs with the same migrations share it, also across
 * runs, and a run with other migrations (another branch) makes its own.
 */
export async function postgresTemplate(url: string): Promise<string> {
  const name = `otc_template_${await migrationsDigest()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    // Built under a name of its own and renamed when whole: a copy is only ever made of a finished
    // template, and two runs building at once each finish theirs (the second rename loses, harmlessly).
    const building = `otc_building_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const db = await openPostgres(withDatabase(url, building), { max: 1 });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      await admin.query(`DROP DATABASE ${building}`);
      if (!(await exists())) throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** `url` pointing at the database `name` on the same server. */
export function withDatabase(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}
