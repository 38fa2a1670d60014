import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from './open.ts';

/**
 * `npm start` runs this beside the apps' builds (scripts/start.mjs): a first start's embedded
 * database is created and migrated while Vite builds, instead of after (creating a PGlite cluster
 * is seconds of CPU). Does nothing with DATABASE_URL, or when the data directory has a database.
 */
const config = loadConfig();
if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
  const db = await openDatabase(config);
  await db.close();
}
