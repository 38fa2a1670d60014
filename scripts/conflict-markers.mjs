import { execFileSync } from 'node:child_process';

/**
 * Fails the lint step when a merge left its conflict markers in a tracked file: inside a comment they
 * still compile and pass every test, so nothing else would notice.
 */
const pattern = '^(<{7}|>{7})( |$)|^={7}$';
let found = '';
try {
  found = execFileSync('git', ['grep', '-n', '-E', pattern, '--', '.', ':!*.snap'], { encoding: 'utf8' });
} catch (error) {
  // git grep exits 1 when nothing matches: the clean case.
  if (error.status !== 1) throw error;
}
if (found) {
  console.error(`Merge conflict markers left in:\n${found}`);
  process.exit(1);
}
