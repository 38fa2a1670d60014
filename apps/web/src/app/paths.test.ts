import { describe, expect, it } from 'vitest';
import * as paths from './paths.ts';
import { findRoute } from './routes.ts';

const FUNCTIONS = new Set(['detailPath']);

describe('the paths pages link to', () => {
  it('are all routes of the route table', () => {
    for (const [name, path] of Object.entries(paths)) {
      if (FUNCTIONS.has(name)) continue;
      expect(findRoute(path as string), name).toBeDefined();
    }
  });
});
