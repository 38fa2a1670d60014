import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { backupKind, pgliteDir, Refused, restorePglite, restorePostgres } from './db/backup.ts';
import { DataDirInUseError } from './db/dir-lock.ts';

/**
 * `npm run restore -- --from FILE [--force]` (decision 0139), into the configured database
 * (DATABASE_URL, else DATA_DIR's embedded one), with the server stopped. A database that is not empty
 * is replaced only with --force; without, refused in one line.
 */
const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean' } } });
if (!values.from) {
  console.error('restore: refused: say which backup, --from FILE');
  process.exit(2);
}
const config = loadConfig();
const target = config.databaseUrl ? 'postgres' : 'pglite';
try {
  const kind = await backupKind(values.from);
  if (kind !== target)
    throw new Refused(
      `${values.from} is a backup of ${kind === 'postgres' ? 'PostgreSQL' : 'the embedded database'}; ` +
        `the configured database is ${target === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded one (DATA_DIR)'}`,
    );
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, values.from, values.force === true);
  else await restorePglite(pgliteDir(config.dataDir), values.from, values.force === true);
} catch (error) {
  if (error instanceof Refused || error instanceof DataDirInUseError) {
    console.error(`restore: refused: ${error.message}`);
    process.exit(2);
  }
  console.error(`restore: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`restore: ${values.from} restored; start the server (npm start) to use it`);
