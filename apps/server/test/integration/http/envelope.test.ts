import { randomUUID } from 'node:crypto';
import { SEED_ENDPOINTS } from '@otc/protocol/seed-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/translate.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

describe.each(DATABASES)('the API envelope on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { authRateLimitPerMinute: 5 });
  });
  afterAll(() => s.close());

  it('routes every call of seed §7: built ones answer, the rest say not available yet', async () => {
    const pending: string[] = [];
    for (const e of SEED_ENDPOINTS) {
      const res = await s.api(e.path, e.method === 'GET' ? undefined : {}, { method: e.method });
      expect([200, 400, 401, 403, 429, 501], `${e.method} ${e.path}`).toContain(res.status);
      expect(res.body.code).toBe(res.status);
      // A call no area has built yet says so, and only that.
      if (res.status === 501) {
        expect(res.body.data.error, e.path).toBe('not_available_yet');
        pending.push(e.path);
      }
    }
    // Built calls answer for real: news took its calls over (issue 27).
    expect(pending).not.toContain('/api/common/news');
    expect((await s.api('/api/common/news', {})).status).toBe(200);
    // The seed's apply path with its trailing space reaches the loans' handler (a session needed).
    const spaced = await fetch(`${s.url}/api/loan/apply%20`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(spaced.status).toBe(401);
  });

  it('refuses to set outcomes, by design', async () => {
    const win = await s.api('/api/stock/setwinlose', { orderId: 1, result: 'win' });
    expect(win.status).toBe(403);
    expect(win.body.data.error).toBe('outcome_setting_unsupported');
  });

  it('answers malformed, oversize and hostile requests with a 4xx envelope, never a 500', async () => {
    const cases = [
      { raw: '{"email": ', contentType: 'application/json' },
      { raw: 'email=a@b.co', contentType: 'application/x-www-form-urlencoded' },
      { raw: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }), contentType: 'application/json' },
      {
        raw: '{"__proto__": {"admin": true}, "email": "x@y.z", "purpose": "register"}',
        contentType: 'application/json',
      },
      { raw: '"just a string"', contentType: 'application/json' },
      { raw: '', contentType: 'application/json' },
    ];
    for (const c of cases) {
      const res = await s.api('/api/auth/login', undefined, { method: 'POST', ...c });
      expect(res.status, c.raw.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status, c.raw.slice(0, 40)).toBeLessThan(500);
      expect(res.body.code).toBe(res.status);
      expect(typeof res.body.msg).toBe('string');
    }
    const unknown = await s.api('/api/nothing/here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.error).toBe('not_found');
  });

  it('answers 405 with the allowed methods, translated, when a path exists under another method', async () => {
    const call = (path: string, method: string) =>
      fetch(`${s.url}${path}`, {
        method,
        headers: { 'accept-language': 'de', 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
    // A built POST call, a seed call no area has built yet (and its spaced twin), a GET-only call.
    for (const [path, method, allowed] of [
      ['/api/auth/register', 'GET', ['POST']],
      ['/api/loan/getConfigList', 'GET', ['POST']],
      ['/api/loan/apply%20', 'GET', ['POST']],
      ['/api/admin/me', 'POST', ['GET', 'HEAD']],
      ['/api/auth/login', 'DELETE', ['GET', 'HEAD', 'POST']],
    ] as const) {
      const res = await call(path, method);
      const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allowed.join(', '));
      expect(body).toEqual({
        code: 405,
        msg: translate('de', 'method_not_allowed', { allowed: allowed.join(', ') }),
        data: { error: 'method_not_allowed', allowed, requestId: res.headers.get('x-request-id') },
      });
    }
    // A path no method answers is still not found.
    for (const method of ['GET', 'POST']) {
      const res = await call('/api/nothing/here', method);
      expect(res.status, method).toBe(404);
      expect(res.headers.get('allow')).toBeNull();
      expect(((await res.json()) as { data: { error: string } }).data.error).toBe('not_found');
    }
  });

  it('states its rules in the OpenAPI document, citing no file, and describes the bearer token', async () => {
    const text = await (await fetch(`${s.url}/api/docs/json`)).text();
    // The rules are stated, not cited: no file name (a failure shows the citations, not the document).
    expect(text.match(/[\w-]+\.md\b/g)).toBeNull();
    const doc = JSON.parse(text) as {
      components: { securitySchemes: Record<string, { description?: string; bearerFormat?: string }> };
      paths: Record<string, Record<string, { security?: unknown; summary?: string }>>;
    };
    const bearer = doc.components.securitySchemes.bearer;
    expect(bearer?.bearerFormat).toBeTruthy();
    expect(bearer?.description).toMatch(/\/api\/auth\/login/);
    expect(doc.paths['/api/auth/userinfo']?.post?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/register']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/stock/setwinlose']?.post?.summary).toMatch(/prices alone decide/);
  });

  it('translates messages by the language header, falling back to English', async () => {
    for (const lang of ['de', 'ja', 'zh-TW', 'ru']) {
      const res = await s.api('/api/common/getsetting', {}, { lang });
      expect(res.body.msg).toBe(translate(lang as 'de', 'success'));
    }
    const res = await s.api('/api/common/getsetting', {}, { lang: 'xx-YY' });
    expect(res.body.msg).toBe('Operation successful');
  });

  it('gives every response a request id and publishes the OpenAPI document', async () => {
    const res = await fetch(`${s.url}/api/common/getsetting`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    const doc = (await (await fetch(`${s.url}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/api/auth/register',
      '/api/auth/walletlogin',
      '/api/admin/users',
      '/api/loan/getConfigList',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect((await fetch(`${s.url}/api/docs`)).status).toBeLessThan(400);
    const health = (await (await fetch(`${s.url}/healthz`)).json()) as { status: string };
    expect(health.status).toBe('ok');
  });

  it('logs one access line per request, with its id and outcome and never the token', async () => {
    const id = `log-${Date.now()}`;
    const token = 'not-a-real-session-token-1234';
    const res = await fetch(`${s.url}/api/spot/openorders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': id },
      body: '{}',
    });
    expect(res.status).toBe(401);
    await expect.poll(() => s.logs.filter((l) => l.includes(`"reqId":"${id}"`)).length).toBeGreaterThan(0);
    const lines = s.logs.filter((l) => l.includes(`"reqId":"${id}"`)).map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'POST',
        url: '/api/spot/openorders',
        statusCode: 401,
      }),
    ]);
    expect(s.logs.some((l) => l.includes(token))).toBe(false);
  });

  it('rate-limits the auth calls with a translated 429', async () => {
    let last = await s.api('/api/auth/captcha');
    for (let i = 0; i < 6 && last.status !== 429; i++)
      last = await s.api('/api/auth/captcha', undefined, { lang: 'fr' });
    expect(last.status).toBe(429);
    expect(last.body.data.error).toBe('rate_limited');
    expect(last.body.msg).toBe(translate('fr', 'rate_limited'));
  });
});

const REDIS_URLS = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(REDIS_URLS)('two API instances sharing Redis (%s)', (redisUrl) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const shared = {
      redisUrl,
      redisPrefix: `test-${randomUUID()}:`,
      authRateLimitPerMinute: 4,
    };
    a = await startServer('pglite', shared);
    b = await startServer('pglite', shared);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('count one rate limit between them, so adding instances does not raise it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? b : a).api('/api/auth/captcha')).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });
});
