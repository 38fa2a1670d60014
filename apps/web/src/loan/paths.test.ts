import { describe, expect, it } from 'vitest';
import { findRoute } from '../app/areas.ts';
import * as paths from './paths.ts';

describe('the paths the loan pages link to', () => {
  it('are all routes of the route table', () => {
    for (const [name, path] of Object.entries(paths)) expect(findRoute(path), name).toBeDefined();
  });
});
