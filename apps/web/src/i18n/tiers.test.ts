import { describe, expect, it } from 'vitest';
import { findRoute } from '../app/areas.ts';
import { SHORTCUTS } from '../home/shortcuts.ts';
import { FIRST_TIER_AREAS, FIRST_TIER_KEYS, pickTier } from './tiers.ts';

const files = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  eager: true,
  import: 'default',
});

/** Every string of a nested bundle, by its dotted key. */
function flat(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
}

describe('string tiers', () => {
  it('cut every language in two, losing and repeating nothing', () => {
    for (const [path, bundle] of Object.entries(files)) {
      const first = flat(pickTier(bundle, 'first'));
      const rest = flat(pickTier(bundle, 'rest'));
      const firstKeys = new Set(first.map(([k]) => k));
      expect(
        rest.filter(([k]) => firstKeys.has(k)),
        path,
      ).toEqual([]);
      expect(new Map([...first, ...rest]), path).toEqual(new Map(flat(bundle)));
      // The first tier is home's areas and the few strings named, nothing more.
      for (const [k] of first)
        expect(FIRST_TIER_AREAS.includes(k.split('.')[0] as string) || FIRST_TIER_KEYS.includes(k), k).toBe(
          true,
        );
    }
  });

  it("hold home's shortcut titles in the first tier", () => {
    const en = new Map(flat(pickTier(files['./locales/en.json'] as Record<string, unknown>, 'first')));
    for (const { path } of SHORTCUTS) {
      const title = findRoute(path)?.title;
      expect(title, path).toBeDefined();
      expect(en.has(title as string), `${path}: ${title}`).toBe(true);
    }
  });
});
