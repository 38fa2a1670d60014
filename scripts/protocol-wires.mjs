import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `packages/protocol/src/wire-list.ts`: every protocol area folder's `wire.ts`, imported and
 * listed (decision 0116's addendum). The protocol's words (`areas.ts`) are listed by hand, one line
 * per area; what an area puts on the wire sits above its schemas, which name those words, so one
 * hand list of both is a type circle. This list is found instead: adding `<area>/wire.ts` and
 * running `npm run wires` is the whole of it. `--check` (the lint step) fails when the file is stale.
 *
 * `node scripts/protocol-wires.mjs [--check] [src dir]` (a test gives a tree of its own).
 */
const args = process.argv.slice(2);
const check = args.includes('--check');
const src = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'packages/protocol/src');
const target = path.join(src, 'wire-list.ts');

const EXPORT = /^export const (\w+Wire)\b/m;
const wires = readdirSync(src, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(src, d.name, 'wire.ts')))
  .map((d) => d.name)
  .sort()
  .map((folder) => {
    const name = EXPORT.exec(readFileSync(path.join(src, folder, 'wire.ts'), 'utf8'))?.[1];
    if (!name) throw new Error(`${folder}/wire.ts exports no \`<name>Wire\` constant`);
    return { folder, name };
  });

const text = `// Written by scripts/protocol-wires.mjs (\`npm run wires\`) from every area folder's wire.ts: do not edit.

${wires.map((w) => `import { ${w.name} } from './${w.folder}/wire.ts';`).join('\n')}

/** What every area puts on the wire, each area's \`wire.ts\`, in folder order (\`wires.ts\` types it). */
export const WIRE_LIST = [
${wires.map((w) => `  ${w.name},`).join('\n')}
] as const;
`;

const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
if (check) {
  if (current !== text) {
    console.error(
      `${path.relative(process.cwd(), target)} is not the list of the area folders' wire.ts: run npm run wires`,
    );
    process.exit(1);
  }
  console.log(`protocol wires: ${wires.length} areas' wire.ts listed`);
} else if (current !== text) {
  writeFileSync(target, text);
  console.log(`wrote ${path.relative(process.cwd(), target)}: ${wires.length} areas`);
}
