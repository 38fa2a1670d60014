import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The Dockerfile and compose.yaml (decision 0136). No Docker daemon or `docker compose` runs here, so
 * their structure is checked: the image holds the release alone; compose runs each role the server has
 * (an engine with a standby) on PostgreSQL and Redis, in production.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
};

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const platform = Object.entries(services).filter(([, s]) => s.environment?.ROLE);

  it('runs an api, an engine with a standby and a worker, in production, from the release', () => {
    const roles = platform.map(([, s]) => s.environment?.ROLE).sort();
    expect(roles).toEqual(['api', 'engine', 'engine', 'worker']);
    for (const [name, s] of platform) {
      expect(s.environment?.NODE_ENV, name).toBe('production');
      expect(s.environment?.DATABASE_URL, name).toMatch(
        /^postgres:\/\/otc:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/otc$/,
      );
      expect(s.environment?.REDIS_URL, name).toBe('redis://redis:6379');
      expect(s.build, name).toEqual({ context: './release', dockerfile: '../Dockerfile' });
      expect(s.depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      expect(s.healthcheck?.test.join(' '), name).toContain('/readyz');
    }
  });

  it('has PostgreSQL and Redis, each with a health check', () => {
    expect(services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(services.redis?.image).toMatch(/^redis:\d+/);
    expect(services.postgres?.healthcheck?.test).toContain('pg_isready');
    expect(services.redis?.healthcheck?.test).toContain('redis-cli');
  });

  it("names only roles the server's config accepts", () => {
    const config = read('apps/server/src/config.ts');
    const accepted = /ROLE: z\.enum\(\[([^\]]+)\]\)/
      .exec(config)?.[1]
      ?.match(/'(\w+)'/g)
      ?.map((r) => r.slice(1, -1));
    expect(accepted).toBeDefined();
    for (const [name, s] of platform) expect(accepted, name).toContain(s.environment?.ROLE);
  });
});

describe('Dockerfile', () => {
  const lines = read('Dockerfile')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));

  it('copies the release alone onto Node 20 and installs its production dependencies', () => {
    expect(lines[0]).toMatch(/^FROM node:20[-.\w]*$/);
    const copied = lines.filter((l) => l.startsWith('COPY ')).map((l) => l.split(/\s+/).slice(1, -1));
    expect(copied.flat().sort()).toEqual(['apps', 'package-lock.json', 'package.json']);
    expect(lines.some((l) => /^RUN npm ci --omit=dev\b/.test(l))).toBe(true);
    expect(lines).toContain('ENV NODE_ENV=production');
  });

  it("starts what the release's package.json starts", () => {
    const release = read('scripts/release.mjs');
    const start = /start: '([^']+)'/.exec(release)?.[1];
    const cmd = lines.find((l) => l.startsWith('CMD '));
    expect(start).toBeDefined();
    expect((JSON.parse(cmd?.slice(4) ?? '[]') as string[]).join(' ')).toBe(start);
  });
});
