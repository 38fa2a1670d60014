import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../../scripts/precompress.ts';
import { startServer, type TestServer } from '../support/harness.ts';

const webApp = path.resolve(import.meta.dirname, '../../../../web');

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is read as sent: fetch would decode it and hide what went on the wire. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decode = (r: Raw) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

describe('compression', () => {
  let s: TestServer;
  let dist: string;
  const entry = 'assets/index-abc123.js';
  let entryBytes: Buffer;
  beforeAll(async () => {
    // A built app as Vite leaves it: the web app's public files, an index, hashed assets, then
    // the build's compressed copies.
    dist = mkdtempSync(path.join(tmpdir(), 'otc-web-'));
    cpSync(path.join(webApp, 'public'), dist, { recursive: true });
    mkdirSync(path.join(dist, 'assets'));
    entryBytes = Buffer.from(
      Array.from({ length: 400 }, (_, i) => `export const price${i} = ${(i * 7919) % 10007};\n`).join(''),
    );
    writeFileSync(path.join(dist, entry), entryBytes);
    writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export default 1;');
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html>${'<div class="row"></div>'.repeat(80)}`);
    await precompressDir(dist);
    s = await startServer('pglite', { webDist: dist });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip copies of text files over 1 KB only', () => {
    expect(readdirSync(path.join(dist, 'assets')).sort()).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'tiny-abc123.js',
    ]);
  });

  it('sends the brotli copy, else the gzip one, else the file, each with its type and cache', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['', undefined],
    ] as const) {
      const res = await raw(`${s.url}/${entry}`, accept ? { 'accept-encoding': accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      if (encoding) expect(res.body.length).toBeLessThan(entryBytes.length / 2);
      expect(decode(res).equals(entryBytes)).toBe(true);
    }
  });

  it('answers HEAD with the same headers and no body, and ranges of the file as it is', async () => {
    const head = await raw(`${s.url}/${entry}`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(readFileSync(path.join(dist, `${entry}.br`)).length);
    expect(head.body.length).toBe(0);

    const range = await raw(`${s.url}/${entry}`, { range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.equals(entryBytes.subarray(0, 100))).toBe(true);
  });

  it('keeps index.html uncached and small files as they are', async () => {
    const index = await raw(`${s.url}/`, { 'accept-encoding': 'br, gzip' });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');

    const tiny = await raw(`${s.url}/assets/tiny-abc123.js`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export default 1;');
  });

  it('serves every icon the web page links, /favicon.ico among them, and the page has a description', async () => {
    const html = readFileSync(path.join(webApp, 'index.html'), 'utf8');
    const icons = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(icons).toContain('favicon.ico');
    for (const icon of icons) {
      const res = await raw(`${s.url}/${icon}`);
      expect(res.status, icon).toBe(200);
      expect(res.headers['content-type'], icon).toMatch(/^image\//);
    }
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]{50,}"/);
  });

  it('compresses JSON answers of 1 KB or more, and not smaller ones', async () => {
    const list = (accept?: string) =>
      raw(
        `${s.url}/api/common/coinlist`,
        { 'content-type': 'application/json', ...(accept ? { 'accept-encoding': accept } : {}) },
        'POST',
        '{}',
      );
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body.toString()).code).toBe(200);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await list(accept);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(decode(res).equals(plain.body)).toBe(true);
    }

    // An error envelope is small: it goes as it is, and reads as before.
    const missing = await raw(
      `${s.url}/api/market/instrument`,
      { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      'POST',
      JSON.stringify({ symbol: 'NOPE/USDT' }),
    );
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.body.length).toBeLessThan(1024);
    expect(JSON.parse(missing.body.toString()).code).toBe(missing.status);
    expect(missing.status).toBeGreaterThanOrEqual(400);
  });
});
