import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { loadJournals } from '../../src/app/area.ts';
import { AREAS, journalLabels, PAGES, ROUTES } from '../../src/app/areas.ts';
import listSource from '../../src/app/areas.ts?raw';
import type { PageLoader, RouteMeta } from '../../src/app/route.ts';
import { areaFiles, openRoutes, pageModules } from '../../src/app/routePreload.ts';
import { pageRoutes } from '../../src/app/router.tsx';
import { journalKindKey } from '../../src/ledger/journalKinds.ts';
import { FIXTURE_PATH, fixtureArea } from './fixture/area.ts';
import fixtureSource from './fixture/area.ts?raw';
import HelloPage from './fixture/HelloPage.tsx';

/**
 * The web's side of the new-area proof (the server's is apps/server/test/integration/new-area/): a
 * throwaway area written through the public shapes only (fixture/) and added to the web's one list
 * as its list line would add it, and nothing else, is routed to its page and labels its journal
 * kind.
 */
const areas = [...AREAS, fixtureArea] as const;
const routes = areas.flatMap((area) => area.routes);
const pages = Object.assign({}, ...areas.map((area) => area.pages));

describe('a new area in the web', () => {
  it('is routed to its lazy page, behind its guard and titled by its key', async () => {
    const route = pageRoutes(routes, pages).find((r) => r.path === FIXTURE_PATH);
    expect(route?.handle).toEqual({ path: FIXTURE_PATH, title: 'fixture.hello.title', public: false });
    if (!route) throw new Error('the fixture area is not routed');
    const { props } = route.element as ReactElement<{ meta: RouteMeta; load: PageLoader }>;
    expect(props.meta).toBe(fixtureArea.routes[0]);
    expect(props.load).toBe(fixtureArea.pages[FIXTURE_PATH]);
    expect((await props.load()).default).toBe(HelloPage);
    // The app's own list knows nothing of it.
    expect(pageRoutes(ROUTES, PAGES).some((r) => r.path === FIXTURE_PATH)).toBe(false);
  });

  it('lists its route and its page alike', () => {
    expect(Object.keys(pages).sort()).toEqual(routes.map((r) => r.path).sort());
  });

  it("has its page found by the build's route preload through the list line", () => {
    const line = "import { fixtureArea } from '../../test/new-area/fixture/area.ts';\n";
    expect(areaFiles(line + listSource)).toContain('../../test/new-area/fixture/area.ts');
    expect(pageModules(fixtureSource).get(FIXTURE_PATH)).toBe('./HelloPage.tsx');
    // Guarded: a guest's first screen never preloads it.
    expect(openRoutes(fixtureSource)).toEqual([]);
  });

  it('labels its journal kind in balance history', async () => {
    const labels = await loadJournals(areas);
    expect(journalKindKey('fixture.move', labels)).toBe('fixture.journal.move');
    // Without its line in the list, the kind reads as any unknown one.
    expect(journalKindKey('fixture.move', await journalLabels())).toBe('assets.journal.kinds.other');
  });
});
