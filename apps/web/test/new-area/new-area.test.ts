import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AREA_PAGES, PAGES } from '../../src/app/pages.ts';
import listSource from '../../src/app/pages.ts?raw';
import type { PageLoader, RouteMeta } from '../../src/app/route.ts';
import { areaPageFiles, pageModules } from '../../src/app/routePreload.ts';
import { pageRoutes } from '../../src/app/router.tsx';
import { AREA_ROUTES, ROUTES } from '../../src/app/routes.ts';
import { JOURNAL_LABEL_AREAS, joinLabels, journalKindKey } from '../../src/ledger/journalKinds.ts';
import HelloPage from './fixture/HelloPage.tsx';
import { fixtureJournalLabels } from './fixture/journalLabels.ts';
import { fixturePages } from './fixture/pages.ts';
import fixturePagesSource from './fixture/pages.ts?raw';
import { FIXTURE_PATH, fixtureRoutes } from './fixture/routes.ts';

/**
 * The web's side of the new-area proof (the server's is apps/server/test/integration/new-area/): a
 * throwaway area written through the public shapes only (fixture/) and added to the web's lists as
 * a list line would add it, and nothing else, is routed to its page and labels its journal kind.
 */
const routes = [...AREA_ROUTES, fixtureRoutes].flat();
const pages = Object.assign({}, ...AREA_PAGES, fixturePages);

describe('a new area in the web', () => {
  it('is routed to its lazy page, behind its guard and titled by its key', async () => {
    const route = pageRoutes(routes, pages).find((r) => r.path === FIXTURE_PATH);
    expect(route?.handle).toEqual({ path: FIXTURE_PATH, title: 'fixture.hello.title', public: false });
    if (!route) throw new Error('the fixture area is not routed');
    const { props } = route.element as ReactElement<{ meta: RouteMeta; load: PageLoader }>;
    expect(props.meta).toBe(fixtureRoutes[0]);
    expect(props.load).toBe(fixturePages[FIXTURE_PATH]);
    expect((await props.load()).default).toBe(HelloPage);
    // The app's own lists know nothing of it.
    expect(pageRoutes(ROUTES, PAGES).some((r) => r.path === FIXTURE_PATH)).toBe(false);
  });

  it('lists its route and its page alike', () => {
    expect(Object.keys(pages).sort()).toEqual(routes.map((r) => r.path).sort());
  });

  it("has its page found by the build's route preload through the list line", () => {
    const line = "import { fixturePages } from '../../test/new-area/fixture/pages.ts';\n";
    expect(areaPageFiles(line + listSource)).toContain('../../test/new-area/fixture/pages.ts');
    expect(pageModules(fixturePagesSource).get(FIXTURE_PATH)).toBe('./HelloPage.tsx');
  });

  it('labels its journal kind in balance history', () => {
    const labels = joinLabels([...JOURNAL_LABEL_AREAS, fixtureJournalLabels]);
    expect(journalKindKey('fixture.move', labels)).toBe('fixture.journal.move');
    // Without its line in the list, the kind reads as any unknown one.
    expect(journalKindKey('fixture.move')).toBe('assets.journal.kinds.other');
  });
});
