import type { FastifyInstance } from 'fastify';

interface Known {
  pattern: RegExp;
  methods: Set<string>;
}

/**
 * Learns, as routes are added, which methods each path answers: a request the router did not match
 * is then told apart as a path that exists under other methods (405, with them) or one that does not
 * exist (404). Fastify's router does not say which methods a concrete URL has, hence this map.
 * Catch-alls (`*`, the static apps' files) are left out: they take any path, so they say nothing
 * about whether one exists. Install it before any route is added.
 */
export function trackRouteMethods(app: FastifyInstance): (url: string) => string[] {
  const byPath = new Map<string, Known>();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const known = byPath.get(route.url) ?? { pattern: toPattern(route.url), methods: new Set() };
    for (const method of [route.method].flat()) known.methods.add(method);
    byPath.set(route.url, known);
  });
  return (url) => {
    const path = decodePath(url.split('?')[0] ?? '');
    const allowed = new Set<string>();
    for (const { pattern, methods } of byPath.values())
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    return [...allowed].sort();
  };
}

/** A route's path as the router matches it: `:name` takes one segment, the rest is literal. */
function toPattern(url: string): RegExp {
  const parts = url.split(/(:\w+)/);
  const source = parts.map((part, i) => (i % 2 === 1 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${source.join('')}$`);
}

/** The router matches decoded paths (`/api/loan/apply%20` is `/api/loan/apply `). */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
