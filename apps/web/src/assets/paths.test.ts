import { describe, expect, it } from 'vitest';
import { findRoute } from '../app/routes.ts';
import * as paths from './paths.ts';

describe('money screen paths', () => {
  it('are all guarded routes of the route table', () => {
    for (const [name, path] of Object.entries(paths)) {
      const route = findRoute(path);
      expect(route, name).toBeDefined();
      expect(route?.public, name).toBe(false);
    }
  });
});
