import { checkLedger } from './areas.ts';
import { loadConfig } from './config.ts';
import { DataDirInUseError } from './db/dir-lock.ts';
import { openDatabase } from './db/open.ts';

/**
 * `npm run ledger:check`: checks the ledger of the configured database (DATABASE_URL, or the
 * PGlite directory under DATA_DIR: stop the server first, PGlite has one user at a time; while the
 * server runs it is refused, and the back office's ledger check reads the same through the server).
 */
const db = await openDatabase(loadConfig()).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(`ledger check: ${error.message}; or run the check from the back office (Ledger)`);
  process.exit(2);
});
const problems = await checkLedger(db);
await db.close();
if (problems.length > 0) {
  console.error(`ledger check: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`- ${p}`);
  process.exit(1);
}
console.log(
  'ledger check: every journal sums to zero, every balance equals its journal, no user balance is negative',
);
