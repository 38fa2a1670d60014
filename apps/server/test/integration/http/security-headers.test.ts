import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_LOGO_STYLE_HASH } from '../../../src/http/security-headers.ts';
import { startServer, type TestServer } from '../support/harness.ts';

/*
 * Issue 23, point 6: the session token sits in localStorage, and no answer carried a
 * Content-Security-Policy, frame denial, referrer policy or (behind TLS) HSTS.
 */
const PRELOAD = 'window.__preload=["/assets/HomePage-abc123.js"];';
const PRELOAD_HASH = `'sha256-${createHash('sha256').update(PRELOAD).digest('base64')}'`;

function builtApp(script: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'otc-csp-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>x</title>${script}<script type="module" src="/assets/index-1.js"></script><div id="root"></div>`,
  );
  writeFileSync(path.join(dist, 'assets', 'index-1.js'), 'export default 1;');
  return dist;
}

/** The policy's directives by name. */
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('security headers', () => {
  let s: TestServer;
  let web: string;
  let admin: string;
  beforeAll(async () => {
    web = builtApp(`<script>${PRELOAD}</script>`);
    admin = builtApp('');
    s = await startServer('pglite', { webDist: web, adminDist: admin });
  });
  afterAll(async () => {
    await s.close();
    rmSync(web, { recursive: true, force: true });
    rmSync(admin, { recursive: true, force: true });
  });

  it.each(['/', '/admin/', '/assets/index-1.js', '/api/auth/captcha'])('are on %s', async (where) => {
    const res = await fetch(`${s.url}${where}`);
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Only the apps' own files and the build's hashed preload run: no inline script, no eval.
    expect(csp.get('script-src')).toEqual(["'self'", PRELOAD_HASH]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'", CHART_LOGO_STYLE_HASH]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // On plain http: nothing asks the browser to upgrade to an https that is not there.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('keep the API docs working under a policy of their own, not framed', async () => {
    const res = await fetch(`${s.url}/api/docs/`);
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('send HSTS when the request came over TLS through a trusted proxy', async () => {
    const behind = await startServer('pglite', { trustProxy: ['127.0.0.1'] });
    try {
      const tls = await fetch(`${behind.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const plain = await fetch(`${behind.url}/healthz`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await behind.close();
    }
  });

  it('send HSTS and upgrade requests where PUBLIC_URL is https', async () => {
    const site = await startServer('pglite', { publicUrl: 'https://otc.example' });
    try {
      const res = await fetch(`${site.url}/healthz`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(
        true,
      );
    } finally {
      await site.close();
    }
  });
});
