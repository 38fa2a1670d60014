import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The files the web's first route may load: endpoints, channels, constants and rules, and the
 * areas' vocabularies (`area.ts`, the list `areas.ts` and the kinds and errors built from it). They
 * name schemas as types only (erased by the build), so they must never load zod, nor a file that does.
 */
const src = path.resolve(import.meta.dirname, '../src');
// An area of parts (cashier) keeps each in a folder: `<part>/endpoints.ts`, `<part>/rules.ts`, ...
const ZOD_FREE =
  /^(endpoint|errors|languages|seed-catalogue|area|areas|socket\/user-event-fields)\.ts$|\/([a-z]+-)?(endpoints|channels|constants|rules|accounts|area|kinds)\.ts$/;
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.ts'));

/** The modules a file loads at run time: its imports, less `import type` ones. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  return [...text.matchAll(/^(import|export)(?!\s+type\b)[^;]*?from '([^']+)';/gms)].map((m) =>
    m[2]?.startsWith('.') ? path.posix.join(path.posix.dirname(file), m[2]) : (m[2] ?? ''),
  );
}

describe('the zod-free files of the protocol', () => {
  it('load no zod and no file that does', () => {
    const zodFree = files.filter((f) => ZOD_FREE.test(f));
    expect(zodFree).toContain('spot/endpoints.ts');
    expect(zodFree).toContain('cashier/bank/endpoints.ts');
    expect(zodFree).toContain('ledger/journal-kinds.ts');
    expect(zodFree).toContain('spot/area.ts');
    expect(zodFree).toContain('socket/user-event-fields.ts');
    for (const file of zodFree) {
      for (const target of runtimeImports(file))
        expect(ZOD_FREE.test(target), `${file} -> ${target}`).toBe(true);
    }
  });
});
