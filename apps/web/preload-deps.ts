import type { Plugin } from 'vite';
import { type BuiltChunk, depsToPreload } from './src/app/routePreload.ts';

type ResolveDependencies = (file: string, deps: string[], context: { hostId: string }) => string[];

/**
 * Trims what each lazy import preloads (vite's `__vite__mapDeps` lists) of what its importer has
 * loaded already (src/app/routePreload.ts's depsToPreload). Vite asks for the list in its own
 * `generateBundle`, which runs after this plugin's (`order: 'pre'`), where the chunks are read.
 */
export function preloadDeps(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  let byFile: Map<string, BuiltChunk> | undefined;
  return {
    plugin: {
      name: 'preload-deps',
      enforce: 'pre',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          byFile = new Map();
          for (const out of Object.values(bundle)) {
            if (out.type !== 'chunk') continue;
            byFile.set(out.fileName, {
              file: out.fileName,
              moduleId: out.facadeModuleId,
              isEntry: out.isEntry,
              imports: out.imports,
              css: [],
            });
          }
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => {
      // Vite's own hook running before this plugin's would leave the lists whole: fail the build.
      if (!byFile) throw new Error('preload-deps: asked for preloads before the chunks were known');
      return depsToPreload(hostId, deps, byFile);
    },
  };
}
