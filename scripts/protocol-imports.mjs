import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Points every `@otc/protocol` import at the file that defines each name, since the protocol moved
 * to one folder per area with no index (issue 12). For merging branches written against the flat
 * files (`@otc/protocol`, `@otc/protocol/ledger`, ...): run `node scripts/protocol-imports.mjs`,
 * then `npm run format`. It lists what it rewrote and any import it could not place. Delete it once
 * the issue-12 branches are merged.
 */
const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'packages/protocol/src');

const defined = new Map();
for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
  const module = `@otc/protocol/${file.split(path.sep).join('/').slice(0, -3)}`;
  const text = readFileSync(path.join(src, file), 'utf8');
  for (const m of text.matchAll(/^export (?:const|function|type|interface|class) ([\w$]+)/gm))
    defined.set(m[1], module);
}

const IMPORT = /import (type )?\{([^}]*)\} from '(@otc\/protocol(?:\/[\w/-]+)?)';\n/g;
const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.startsWith('packages/protocol/'));
for (const file of files) {
  const full = path.join(root, file);
  const text = readFileSync(full, 'utf8');
  if (!text.includes('@otc/protocol')) continue;
  const rewritten = text.replace(IMPORT, (whole, allTypes, names, from) => {
    const byModule = new Map();
    for (const raw of names
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)) {
      const isType = Boolean(allTypes) || raw.startsWith('type ');
      const name = raw.replace(/^type\s+/, '');
      const module = defined.get(name.split(/\s+as\s+/)[0]);
      if (!module) {
        console.error(`${file}: nothing in the protocol defines ${name}`);
        return whole;
      }
      byModule.set(module, [...(byModule.get(module) ?? []), { isType, name }]);
    }
    if (byModule.size === 1 && byModule.has(from)) return whole;
    return [...byModule]
      .map(([module, items]) =>
        items.every((i) => i.isType)
          ? `import type { ${items.map((i) => i.name).join(', ')} } from '${module}';\n`
          : `import { ${items.map((i) => (i.isType ? `type ${i.name}` : i.name)).join(', ')} } from '${module}';\n`,
      )
      .join('');
  });
  if (rewritten !== text) {
    writeFileSync(full, rewritten);
    console.log(`rewrote ${file}`);
  }
  for (const m of rewritten.matchAll(/from '@otc\/protocol(\/[\w/-]+)?'/g)) {
    if (!m[1] || !existsSync(path.join(src, `${m[1].slice(1)}.ts`)))
      console.error(`${file}: ${m[0]} is left`);
  }
}
