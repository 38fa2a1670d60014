import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { levelOf, precompressDir } from './precompress.ts';

/**
 * Brings the built apps' compressed copies to the release level where `npm start`'s build left fast
 * ones (scripts/precompress.ts): `node --import tsx scripts/precompress-upgrade.ts [--background] dir…`.
 * `npm start` runs it with `--background` once the server serves: at the lowest CPU priority and one
 * file at a time, so it takes what the server leaves; each copy is replaced whole, so a request
 * gets the fast copy or the small one, never a mix. Interrupted, it starts over at the next start
 * (the folder keeps saying `start` until every copy is done).
 */
export async function upgrade(dirs: string[], { background = false } = {}): Promise<string[]> {
  const upgraded: string[] = [];
  for (const dir of dirs) {
    if ((await levelOf(dir)) !== 'start') continue;
    await precompressDir(dir, 'release', { oneAtATime: background });
    upgraded.push(dir);
  }
  return upgraded;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const background = args.includes('--background');
  // The lowest priority (nice 19) before any compression: zlib's work then runs on threads made
  // from this one, which inherit it.
  if (background) setPriority(19);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dirs = args.filter((a) => !a.startsWith('--')).map((d) => path.resolve(root, d));
  await upgrade(dirs, { background });
}
