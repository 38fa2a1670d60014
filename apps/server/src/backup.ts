import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { backupPglite, backupPostgres, pgliteDir, Refused } from './db/backup.ts';
import { DataDirInUseError } from './db/dir-lock.ts';

/**
 * `npm run backup -- --out FILE` (decision 0139): PostgreSQL (DATABASE_URL) through pg_dump, one
 * consistent snapshot while the server runs; the embedded database (DATA_DIR) through PGlite's own
 * dump, with the server stopped (its directory is locked while it runs: refused, in one line).
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('backup: refused: say where, --out FILE');
  process.exit(2);
}
const config = loadConfig();
try {
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, values.out);
  else await backupPglite(pgliteDir(config.dataDir), values.out);
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(
      `backup: refused: ${error.message}; stop the server to back up the embedded database, or use PostgreSQL (DATABASE_URL) to back up while it runs`,
    );
    process.exit(2);
  }
  if (error instanceof Refused) {
    console.error(`backup: refused: ${error.message}`);
    process.exit(2);
  }
  console.error(`backup: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`backup: ${config.databaseUrl ? 'PostgreSQL' : 'embedded database'} written to ${values.out}`);
