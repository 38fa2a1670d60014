import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';
import { withDatabase } from '../support/postgres-template.ts';
import { startMailRelay } from '../support/smtp.ts';

/**
 * The release (decision 0136) as an operator runs it: `npm run release -- --out DIR`, its production
 * dependencies installed from the npm cache the repository's install filled, started alone (no file of
 * the repository) with NODE_ENV=production on a fresh PostgreSQL database and Redis, then a journey over
 * real HTTP and the ledger check on its database.
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
// PostgreSQL and Redis when the run has them (as every integration suite: `.ci/run` sets both), else
// the embedded database alone: a fresh clone's `npm test` needs neither.
const POSTGRES = process.env.TEST_DATABASE_URL || undefined;
const REDIS = process.env.TEST_REDIS_URL || undefined;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The first operator, its password from crypto (production refuses none: decision 0132). */
const OPERATOR = {
  email: 'release-admin@example.test',
  password: `Op1-${randomBytes(18).toString('base64url')}`,
};

describe('the release, started alone in production', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'otc-release-'));
  const database = `release_${randomBytes(6).toString('hex')}`;
  let relay: Awaited<ReturnType<typeof startMailRelay>>;
  let child: ChildProcess | undefined;
  let url = '';
  let output = '';

  beforeAll(async () => {
    const out = path.join(dir, 'release');
    execFileSync(process.execPath, ['scripts/release.mjs', '--out', out, '--apps-as-built'], {
      cwd: root,
      stdio: 'pipe',
    });
    // Moved away from the repository's tree: nothing can resolve a file or package from it.
    const installArgs = ['ci', '--omit=dev', '--no-audit', '--no-fund'];
    try {
      execFileSync(npm, [...installArgs, '--offline'], { cwd: out, stdio: 'pipe' });
    } catch {
      execFileSync(npm, installArgs, { cwd: out, stdio: 'pipe' });
    }

    relay = await startMailRelay();

    if (POSTGRES) {
      const admin = new pg.Client({ connectionString: POSTGRES });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`).finally(() => admin.end());
    }

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(npm, ['start'], {
      cwd: out,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        ...(POSTGRES ? { DATABASE_URL: withDatabase(POSTGRES, database) } : {}),
        ...(REDIS ? { REDIS_URL: REDIS, REDIS_PREFIX: `${database}:` } : {}),
        DATA_DIR: path.join(dir, 'data'),
        SMTP_URL: relay.url,
        // Not reached by this journey (email only); set because production requires it.
        SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
        SECRETS_KEY: randomBytes(32).toString('hex'),
        ADMIN_EMAIL: OPERATOR.email,
        ADMIN_PASSWORD: OPERATOR.password,
        MARKET_HISTORY: '0',
        DEMO_CROWD: '0',
      },
    });
    child.stdout?.on('data', (d) => {
      output += String(d);
    });
    child.stderr?.on('data', (d) => {
      output += String(d);
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && child.exitCode === null) {
      const ready = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the release did not become ready:\n${output.slice(-4000)}`);
  }, 300_000);

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    relay?.close();
    if (POSTGRES) {
      const admin = new pg.Client({ connectionString: POSTGRES });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).finally(() => admin.end());
    }
    if (REDIS) {
      // Its keys (rate-limit counters, which expire anyway) go with it.
      const redis = new Redis(REDIS);
      const keys = await redis.keys(`${database}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const api = async <T = unknown>(route: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url + route, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as { code: number; data: T } };
  };

  it('serves the built apps, registers and logs in by email, trades, transfers, and its ledger holds', async () => {
    const page = await fetch(`${url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toMatch(/<html/i);

    const email = `release-${randomUUID()}@example.test`;
    // A letter and a digit whatever the random part holds (a run without a digit was refused password_weak).
    const password = `Pw1-${randomBytes(9).toString('base64url')}`;
    const sent = await api('/api/auth/sendemail', { email, purpose: 'register' });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
    // The mail may arrive after the answer (the relay is sent to in the background): wait for it.
    const deadline = Date.now() + 15_000;
    while (!relay.mails.some((m) => m.to === email) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const code = relay.mails.find((m) => m.to === email)?.data.match(/account is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const registered = await api<{ token: string }>('/api/auth/register', {
      type: 'email',
      account: email,
      code,
      password,
      confirmPassword: password,
      agree: true,
    });
    expect(registered.body.code, JSON.stringify(registered.body)).toBe(200);
    const login = await api<{ token: string }>('/api/auth/login', { account: email, password });
    expect(login.body.code, JSON.stringify(login.body)).toBe(200);
    const me = await api<{ realm: string; totalUsdt: string }>(
      '/api/assets/overview',
      {},
      login.body.data.token,
    );
    expect(me.body.data).toMatchObject({ realm: 'live', totalUsdt: '0' });

    // The demo realm holds play money from the start: an order and a transfer with it.
    const demo = (await api<{ token: string }>('/api/auth/loginvirtual', {})).body.data.token;
    const order = await api<{ status: string; qty: string }>(
      '/api/spot/order',
      {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '1000',
        qty: '0.01',
        idempotencyKey: randomUUID(),
      },
      demo,
    );
    expect(order.body.code, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data).toMatchObject({ status: 'open', qty: '0.01' });
    const transfer = await api(
      '/api/credit/transfer',
      { from: 'funding', to: 'contract', asset: 'USDT', amount: '12.5', idempotencyKey: randomUUID() },
      demo,
    );
    expect(transfer.body.code, JSON.stringify(transfer.body)).toBe(200);

    // The ledger check as an operator runs it, through the running server (the embedded database is
    // that process's alone).
    const operator = await api<{ token: string }>('/api/admin/login', OPERATOR);
    expect(operator.body.code, JSON.stringify(operator.body)).toBe(200);
    const check = await api<{ ok: boolean; problems: string[] }>(
      '/api/admin/ledger/check',
      undefined,
      operator.body.data.token,
    );
    expect(check.body.data).toEqual({ ok: true, problems: [] });
    expect(output).not.toContain(password);
    expect(output).not.toContain(OPERATOR.password);
  });
});
