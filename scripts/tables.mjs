import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Table ownership (docs/decisions/0109-table-owners.md), checked in the lint step:
 * - every table the migrations create has exactly one owner: the `tables` of an area's
 *   `AreaModule`, or of a `TableOwner` for platform machinery (the jobs, the outbox);
 * - the SQL of a file (its string literals: FROM, JOIN, INTO, UPDATE, DELETE FROM) names only the
 *   tables owned in its folder or a folder above it (a sub-area uses its area's tables), and the
 *   read views an owner `shares` (a SQL view in a migration, what other areas may know), and the
 *   tables it `reads`: tables of platform machinery (a `TableOwner`, never an area's) named as they
 *   are (the ledger area reads the posting layer's journal and balances);
 * - every view the migrations create is shared by exactly one owner.
 * An owner's folder is the folder of the file declaring it; nothing here names a folder, so areas
 * move and rename freely. Tests are not checked: they see everything.
 *
 * `node scripts/tables.mjs` checks the server; `node scripts/tables.mjs <dir>` checks one tree (the
 * tests give one of their own).
 */
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });

const NAME = '([a-z_][a-z0-9_]*)';
const CREATED = new RegExp(
  `\\bCREATE\\s+(?:UNLOGGED\\s+)?TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${NAME}`,
  'gi',
);
const DROPPED = new RegExp(`\\bDROP\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?${NAME}`, 'gi');
const VIEW = new RegExp(`\\bCREATE\\s+(?:OR\\s+REPLACE\\s+)?VIEW\\s+${NAME}`, 'gi');
const NAMED = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE)\\s+${NAME}`, 'gi');
const OWNER_TYPE = /^(?:AreaModule|TableOwner)\b/;

/** The tables and views the migrations (every .sql file of the tree, in name order) leave. */
function schema(sqlFiles) {
  const tables = new Set();
  const views = new Set();
  for (const file of [...sqlFiles].sort()) {
    const text = readFileSync(file, 'utf8').replace(/--.*$/gm, '');
    for (const m of text.matchAll(CREATED)) tables.add(m[1].toLowerCase());
    for (const m of text.matchAll(DROPPED)) tables.delete(m[1].toLowerCase());
    for (const m of text.matchAll(VIEW)) views.add(m[1].toLowerCase());
  }
  return { tables, views };
}

const strings = (node) =>
  ts.isArrayLiteralExpression(node) ? node.elements.filter(ts.isStringLiteralLike).map((e) => e.text) : [];

/** A file's owner declarations (`const x: AreaModule = { tables: [...], shares: [...] }`) and its string literals. */
function read(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const owners = [];
  const literals = [];
  const visit = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.type &&
      OWNER_TYPE.test(node.type.getText(source)) &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      const owner = {
        name: node.name.getText(source),
        area: node.type.getText(source).startsWith('AreaModule'),
        tables: [],
        shares: [],
        reads: [],
      };
      for (const p of node.initializer.properties) {
        if (!ts.isPropertyAssignment(p)) continue;
        const key = p.name.getText(source);
        if (key === 'tables' || key === 'shares' || key === 'reads') owner[key] = strings(p.initializer);
      }
      owners.push(owner);
    }
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      literals.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { owners, literals };
}

function tableProblems(src) {
  const all = files(src);
  const { tables, views } = schema(all.filter((f) => f.endsWith('.sql')));
  const code = all
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => ({ file: f, ...read(f) }));
  const problems = [];

  // Who owns each table and shares each view: the folder of the file that declares it.
  const ownerOf = new Map();
  const sharedBy = new Map();
  for (const { file, owners } of code)
    for (const o of owners) {
      const folder = path.dirname(file);
      const where = `${o.name} (${path.relative(src, file)})`;
      for (const t of o.tables) {
        if (!tables.has(t)) problems.push(`${where} owns ${t}, which no migration creates`);
        const before = ownerOf.get(t);
        if (before) problems.push(`${t} has two owners: ${before.where} and ${where}`);
        else ownerOf.set(t, { folder, where, area: o.area });
      }
      for (const v of o.shares) {
        if (!views.has(v)) problems.push(`${where} shares ${v}, which no migration creates as a view`);
        const before = sharedBy.get(v);
        if (before) problems.push(`${v} is shared by two owners: ${before} and ${where}`);
        else sharedBy.set(v, where);
      }
    }
  // Who reads which tables as they are: only a platform owner's tables may be read so.
  const readers = [];
  for (const { file, owners } of code)
    for (const o of owners)
      for (const t of o.reads) {
        const owner = ownerOf.get(t);
        const where = `${o.name} (${path.relative(src, file)})`;
        if (!owner) problems.push(`${where} reads ${t}, which no one owns`);
        else if (owner.area)
          problems.push(
            `${where} reads ${t}, a table of ${owner.where}: an area's tables are read through a view it shares`,
          );
        else readers.push({ folder: path.dirname(file), table: t });
      }
  for (const t of tables)
    if (!ownerOf.has(t)) problems.push(`${t} has no owner: list it in its area's tables`);
  for (const v of views)
    if (!sharedBy.has(v)) problems.push(`view ${v} is shared by no owner: list it in its area's shares`);

  const within = (folder, file) => !path.relative(folder, file).startsWith('..');
  for (const { file, literals } of code) {
    const named = new Set();
    for (const text of literals) for (const m of text.matchAll(NAMED)) named.add(m[1].toLowerCase());
    for (const t of named) {
      const owner = ownerOf.get(t);
      if (!owner || within(owner.folder, file)) continue;
      if (readers.some((r) => r.table === t && within(r.folder, file))) continue;
      problems.push(
        `${path.relative(src, file)} names ${t}, a table of ${owner.where}: use what its module exports or a view it shares`,
      );
    }
  }
  return problems;
}

const src = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/server/src'));
const problems = tableProblems(src);
if (problems.length > 0) {
  console.error(`table owners: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`- ${p}`);
  process.exit(1);
}
console.log(
  'table owners: every table has one owner; each area names only its own tables and the views others share',
);
