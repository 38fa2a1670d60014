import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

/** What a production operator sets: the mail and SMS relays (not contacted at start), the secrets key, no dev chain. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
  SECRETS_KEY: 'ab'.repeat(32),
  DEV_CHAIN: '0',
  MARKET_HISTORY: '0',
  LOG_FORMAT: 'json',
  WEB_DIST: '/nonexistent',
  ADMIN_DIST: '/nonexistent',
};

interface Run {
  code: number | null;
  stderr: string;
  stdout: string;
  /** Whether `/healthz` answered before the process was stopped. */
  served: boolean;
}

/**
 * The server as `npm start` runs it (`main.ts`), in a process of its own, with `env` over the
 * production settings: its exit code and output, or, when it serves, stopped by SIGTERM.
 */
async function startProduction(env: Record<string, string | undefined>): Promise<Run> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...PRODUCTION,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'otc-production-')),
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += String(d);
  });
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  let served = false;
  while (child.exitCode === null && Date.now() < deadline) {
    served = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (served) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (child.exitCode === null) child.kill('SIGTERM');
  return { code: await exited, stderr, stdout, served };
}

describe('a production start (NODE_ENV=production)', () => {
  // Each setting's rule alone is the unit test's (production-settings.test.ts); here the start itself,
  // as `npm start` runs it, with all of them: one line each, nothing served.
  it('refuses each development setting in one line, exits 1 and serves nothing', {
    timeout: 180_000,
  }, async () => {
    const run = await startProduction({
      DEV_CHAIN: '1',
      DEV_CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      CLOCK: 'manual',
      SCRYPT_LOG_N: '12',
      SMTP_URL: '',
      SMS_WEBHOOK_URL: '',
      SECRETS_KEY: '',
    });
    expect(run.served).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr.match(/^refused: .*$/gm)).toEqual([
      expect.stringMatching(/^refused: DEV_CHAIN=1 is refused with NODE_ENV=production/),
      expect.stringMatching(/^refused: DEV_CHAIN_RPC_URL is refused/),
      expect.stringMatching(/^refused: CLOCK=manual is refused/),
      expect.stringMatching(/^refused: SCRYPT_LOG_N=12 is refused/),
      expect.stringMatching(/^refused: SMTP_URL is required with NODE_ENV=production/),
      expect.stringMatching(/^refused: SMS_WEBHOOK_URL is required/),
      expect.stringMatching(/^refused: SECRETS_KEY is required with NODE_ENV=production/),
    ]);
  });

  it('starts with production settings, and with DEV_OUTBOX=1 says every minute where codes go', {
    timeout: 300_000,
  }, async () => {
    const plain = await startProduction({});
    expect(plain.stderr).not.toMatch(/refused:/);
    expect(plain.served).toBe(true);
    expect(plain.stdout).not.toMatch(/DEV_OUTBOX/);

    const outbox = await startProduction({ SMS_WEBHOOK_URL: '', DEV_OUTBOX: '1' });
    expect(outbox.served).toBe(true);
    expect(outbox.stdout).toMatch(
      /DEV_OUTBOX=1 with NODE_ENV=production: SMS codes go to the development outbox/,
    );
  });
});
