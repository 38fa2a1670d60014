import { checkLedger } from './areas.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';

/**
 * `npm run ledger:check`: checks the ledger of the configured database (DATABASE_URL, or the
 * PGlite directory under DATA_DIR: stop the server first, PGlite has one user at a time).
 */
const db = await openDatabase(loadConfig());
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
