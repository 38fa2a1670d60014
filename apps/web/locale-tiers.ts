import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { pickTier, type Tier } from './src/i18n/tiers.ts';

const PREFIX = '\0locale-tier:';
const TIER_QUERY = /^(.*\.json)\?tier=(first|rest)$/;
const TIER_ID = /^\0locale-tier:(first|rest):.*\/([\w-]+)\.json\.js$/;

/** The file name of a strings chunk (strings-de-rest-…), so a look at the network tells them apart. */
export function stringsChunkFileName(facadeModuleId: string | null): string | undefined {
  const m = TIER_ID.exec(facadeModuleId ?? '');
  return m ? `assets/strings-${m[2]}-${m[1]}-[hash].js` : undefined;
}

/**
 * `import strings from './locales/de.json?tier=rest'` gives one tier of a language's strings
 * (src/i18n/tiers.ts says which areas are in which). The module's id is virtual and names the
 * tier, so the chunks are told apart.
 */
export function localeTiers(): Plugin {
  return {
    name: 'locale-tiers',
    enforce: 'pre',
    async resolveId(source, importer) {
      const m = TIER_QUERY.exec(source);
      if (!m?.[1]) return null;
      const file = await this.resolve(m[1], importer, { skipSelf: true });
      // Ending in .js, not .json: the built-in JSON plugin would parse the module we give back.
      return file ? `${PREFIX}${m[2]}:${file.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const rest = id.slice(PREFIX.length);
      const tier = rest.slice(0, rest.indexOf(':')) as Tier;
      const file = rest.slice(rest.indexOf(':') + 1, -'.js'.length);
      this.addWatchFile(file);
      const bundle = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(pickTier(bundle, tier))};`;
    },
  };
}
