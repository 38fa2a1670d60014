import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { navOf, routesOf } from '../../src/app/area.ts';
import { AREAS } from '../../src/app/areas.ts';
import { fixtureArea } from './fixture/index.ts';

/**
 * The back office's side of the new-area proof (the server's is apps/server/test/integration/new-area/):
 * a throwaway area written through the public shape only (fixture/), added to the list as a list
 * line would add it, has its navigation entry, its page and its texts, and touches nothing else.
 */
const areas = [...AREAS, fixtureArea];

describe('a new area in the back office', () => {
  it('has its navigation entry, last, labelled by its texts, with the id derived from its path', () => {
    expect(navOf(areas).at(-1)).toEqual({
      to: '/fixture/hello',
      label: 'Fixture',
      testId: 'nav-fixture-hello',
    });
    expect(navOf(AREAS).some((entry) => entry.to === '/fixture/hello')).toBe(false);
  });

  it('has its page inside the signed-in layout, showing its texts', () => {
    const route = routesOf(areas).find((r) => r.path === 'fixture/hello');
    expect(route).toBeDefined();
    const html = renderToStaticMarkup(createElement(route?.Component ?? 'div'));
    expect(html).toBe('<h1>Hello from the fixture area</h1>');
    expect(routesOf(AREAS).some((r) => r.path === 'fixture/hello')).toBe(false);
  });

  it('gives every entry of the list the id the journeys find it by', () => {
    for (const entry of navOf(AREAS)) expect(entry.testId).toBe(`nav-${entry.to.slice(1)}`);
    expect(navOf(AREAS).map((e) => e.testId)).toContain('nav-position-rules');
  });
});
