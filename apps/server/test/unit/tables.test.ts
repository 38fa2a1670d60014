import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/tables.mjs');

/** Runs the lint step's table-owner check on a tree of files; its exit code and what it printed. */
function check(tree: Record<string, string>): { code: number; out: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'tables-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  try {
    return { code: 0, out: execFileSync('node', [SCRIPT, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (err) {
    const e = err as { status: number; stderr: string };
    return { code: e.status, out: e.stderr };
  }
}
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const tree = {
  'db/migrations/001.sql':
    'CREATE TABLE users (id bigint);\nCREATE TABLE vip_levels (level int);\nCREATE TABLE jobs (id int);\nCREATE VIEW user_directory AS SELECT id FROM users;\n',
  'users/index.ts':
    "export const usersModule: AreaModule = { tables: ['users'], shares: ['user_directory'], build };\n",
  'users/queries.ts': "export const find = (q) => q.query('SELECT id FROM users WHERE id = $1');\n",
  'users/sub/more.ts': `export const set = (q) => q.query(\`UPDATE users SET x = 1 WHERE id = \${'$1'}\`);\n`,
  'vip/index.ts': "export const vipModule: AreaModule<VipArea> = { tables: ['vip_levels'], build };\n",
  'vip/queries.ts':
    "export const levels = (q) => q.query('SELECT l.level FROM vip_levels l JOIN user_directory u ON true');\n// a comment naming FROM users is no SQL\n",
  'platform/jobs/store.ts': "export const jobTables: TableOwner = { tables: ['jobs'] };\n",
};

// Each case starts node and loads TypeScript's parser: seconds on a busy machine.
describe('the table owners of the lint step', { timeout: 60_000 }, () => {
  it("lets an area name its own tables (in its sub-folders too) and another's shared views", () => {
    const { code, out } = check(tree);
    expect(out).toContain('every table has one owner');
    expect(code).toBe(0);
  });

  it("fails on SQL that names another area's table, reading or writing", () => {
    const { code, out } = check({
      ...tree,
      'vip/queries.ts': `export const w = (q) => q.query(\`UPDATE users u SET vip = 1 FROM x WHERE \${'u.id'}\`);\n`,
      'vip/read.ts': "export const r = 'SELECT 1 FROM vip_levels l JOIN users u ON u.id = l.level';\n",
    });
    expect(code).toBe(1);
    expect(out).toContain('vip/queries.ts names users, a table of usersModule (users/index.ts)');
    expect(out).toContain('vip/read.ts names users, a table of usersModule (users/index.ts)');
  });

  it('fails on a table with no owner or two, an owned table no migration creates, and an unshared view', () => {
    const { code, out } = check({
      ...tree,
      'db/migrations/002.sql': 'CREATE TABLE spot_orders (id int);\nCREATE VIEW vip_view AS SELECT 1;\n',
      'platform/jobs/store.ts':
        "export const jobTables: TableOwner = { tables: ['jobs', 'vip_levels', 'gone'] };\n",
    });
    expect(code).toBe(1);
    expect(out).toContain('spot_orders has no owner');
    expect(out).toContain('vip_levels has two owners');
    expect(out).toContain('jobTables (platform/jobs/store.ts)');
    expect(out).toContain('jobTables (platform/jobs/store.ts) owns gone, which no migration creates');
    expect(out).toContain('view vip_view is shared by no owner');
  });

  it('forgets a dropped table', () => {
    const { code } = check({
      ...tree,
      'db/migrations/002.sql': 'CREATE TABLE old (id int);\nDROP TABLE old;\n',
    });
    expect(code).toBe(0);
  });

  it("lets an area read the tables of platform machinery it lists in `reads`, and no area's tables", () => {
    const reads = {
      ...tree,
      'db/migrations/002.sql': 'CREATE TABLE journal (id int);\nCREATE TABLE transfers (id int);\n',
      'postings/index.ts': "export const postingTables: TableOwner = { tables: ['journal'] };\n",
      'postings/post.ts': "export const p = 'INSERT INTO journal (id) VALUES (1)';\n",
      'ledger/index.ts':
        "export const ledgerModule: AreaModule = { tables: ['transfers'], reads: ['journal'], build };\n",
      'ledger/history.ts': "export const h = 'SELECT t.id FROM transfers t JOIN journal j ON j.id = t.id';\n",
    };
    expect(check(reads).code).toBe(0);
    const { code, out } = check({
      ...reads,
      'vip/index.ts':
        "export const vipModule: AreaModule<VipArea> = { tables: ['vip_levels'], reads: ['users'], build };\n",
      'spot/fill.ts': "export const f = 'SELECT id FROM journal';\n",
    });
    expect(code).toBe(1);
    expect(out).toContain(
      "vipModule (vip/index.ts) reads users, a table of usersModule (users/index.ts): an area's tables are read through a view it shares",
    );
    expect(out).toContain('spot/fill.ts names journal, a table of postingTables (postings/index.ts)');
  });
});
