import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { childDatabaseUrl, DATABASES } from '../support/harness.ts';
import { freePort } from '../support/ports.ts';
import { TestSocket } from '../support/socket-client.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
// Inside the repository, so the packages left out of the bundle resolve from its node_modules.
mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(path.join(root, 'node_modules/.cache/otc-bundle-test-'));
const out = path.join(work, 'dist');
/** Built once for the file, into its own folder (the `build` step rewrites apps/server/dist beside the tests). */
const built = promisify(execFile)(process.execPath, ['scripts/build-server.mjs', '--out', out], {
  cwd: root,
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The server bundle `npm start` runs (scripts/build-server.mjs: the npm packages bundled in, those
 * that find their own files left out), started as plain `node`: every other test runs the sources,
 * so this is where a package that breaks once bundled is caught.
 */
describe.each(DATABASES)('the server bundle, run by plain node, on %s', (kind) => {
  const databaseUrl = childDatabaseUrl(kind);

  it('serves the API, its docs, the socket and the dev chain', { timeout: 180_000 }, async () => {
    await built;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let output = '';
    const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', path.join(out, 'main.js')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(work, 'data-')),
        DATABASE_URL: databaseUrl(),
        REDIS_URL: '',
        MARKET_HISTORY: '0',
        LOG_FORMAT: 'json',
        WEB_DIST: '/nonexistent',
        ADMIN_DIST: '/nonexistent',
      },
    });
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    try {
      const deadline = Date.now() + 150_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the bundle exited at start:\n${output}`);
        const ok = await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`the bundle did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // The OpenAPI document and its pages (@fastify/swagger-ui's files, found beside its package).
      const doc = (await (await fetch(`${url}/api/docs/json`)).json()) as { openapi: string; paths: object };
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
      const page = await fetch(`${url}/api/docs/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/swagger/i);
      // A call through the request schemas, the database and the error texts: bad input, a clear refusal.
      const refused = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'de' },
        body: JSON.stringify({ email: 'not an email' }),
      });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { code: number; msg: string };
      expect(body.code).toBe(400);
      expect(body.msg).toMatch(/\S/);
      // The socket (ws) answers a subscription.
      const socket = await TestSocket.open(url);
      socket.send({ op: 'subscribe', channels: ['tickers'] });
      await socket.waitFor((f) => f.type === 'subscribed', 30_000);
      socket.close();
      // The embedded dev chain (anvil spawned, the dev USDT deployed through viem) came up.
      expect(output).toMatch(/"msg":"chain enabled"/);
      expect(output).not.toMatch(/"level":(50|60)/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
