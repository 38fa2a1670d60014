import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/harness.ts';

describe('the app files', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'otc-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'HomePage-abc123.js'), 'export default 1;');
    s = await startServer('pglite', { webDist: dist, rateLimitPerMinute: 5 });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('are served without counting against the rate limit, which still guards the API', async () => {
    // A page load fetches dozens of files: far more than the API's 5 a minute here, none refused.
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${s.url}/assets/HomePage-abc123.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const index = await fetch(`${s.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');

    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await s.api('/api/market/tickers', {})).status);
    expect(statuses.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
