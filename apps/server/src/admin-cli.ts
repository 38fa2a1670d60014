import { runCommand, USAGE } from './admin/index.ts';
import { checkLedger } from './areas.ts';
import { chainStatusFrom } from './cashier/index.ts';
import { loadConfig } from './config.ts';
import { DataDirInUseError } from './db/dir-lock.ts';
import { openDatabase } from './db/open.ts';

/**
 * `npm run admin -- <command>`: the operator's command line (admin/cli.ts) on the configured
 * database. On PGlite the server must be stopped (one process at a time); on PostgreSQL it runs
 * beside the instances. The system clock: a manual clock is the server's own, not this process's.
 */
if (process.argv.length <= 2) {
  console.error(['no command given', ...USAGE].join('\n'));
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(`admin: ${error.message}`);
  process.exit(2);
});
try {
  const outcome = await runCommand(
    { db, config, checkLedger, chainStatus: () => chainStatusFrom(db, config), now: () => new Date() },
    process.argv.slice(2),
  );
  for (const line of outcome.lines) (outcome.code === 0 ? console.log : console.error)(line);
  process.exitCode = outcome.code;
} finally {
  await db.close();
}
