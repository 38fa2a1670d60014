import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminSession } from '@otc/protocol/admin/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandLine, runCommand } from '../../../src/admin/index.ts';
import { checkLedger } from '../../../src/areas.ts';
import { chainStatusFrom } from '../../../src/cashier/index.ts';
import { DATABASES, startServer, type TestServer, uniqueEmail } from '../support/harness.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

describe.each(DATABASES)("the operator's command line on %s", (kind) => {
  let s: TestServer;
  let cli: CommandLine;
  beforeAll(async () => {
    s = await startServer(kind);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-admin-cli-'));
    cli = {
      db: s.db,
      config: { dataDir, scryptLogN: 14 },
      checkLedger,
      chainStatus: () => chainStatusFrom(s.db, s.ctx.config),
      now: () => s.clock.date(),
    };
  });
  afterAll(() => s.close());

  const login = (email: string, password: string) =>
    s.api<AdminSession>('/api/admin/login', { email, password });
  const me = (token: string) => s.api('/api/admin/me', undefined, { token });
  /** The password in the file a command named, and the file's permissions. */
  const passwordIn = (line: string) => {
    const file = /in (\S+\.txt)/.exec(line)?.[1] ?? '';
    return { password: readFileSync(file, 'utf8').trim(), mode: statSync(file).mode & 0o777 };
  };
  const cliAudit = (action: string, target: string) =>
    s.db.query<{ ip: string; operator_id: string | null }>(
      'SELECT ip, operator_id FROM audit_log WHERE action = $1 AND target = $2',
      [action, target],
    );

  it('creates an operator whose generated password is only in a 0600 file, never printed; audited', async () => {
    const email = uniqueEmail('cli');
    const made = await runCommand(cli, ['operator:create', email, 'reviewer']);
    expect(made.code).toBe(0);
    const { password, mode } = passwordIn(made.lines[0] ?? '');
    expect(mode).toBe(0o600);
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(made.lines.join('\n')).not.toContain(password);
    const session = await login(email, password);
    expect(session.body.code).toBe(200);
    expect(session.body.data.operator.role).toBe('reviewer');
    expect(await cliAudit('operator.create', email)).toEqual([{ ip: 'cli', operator_id: null }]);

    expect((await runCommand(cli, ['operator:create', email, 'admin'])).code).toBe(1);
    expect((await runCommand(cli, ['operator:create', uniqueEmail('cli'), 'owner'])).code).toBe(2);
    expect((await runCommand(cli, ['operator:create'])).code).toBe(2);
    expect((await runCommand(cli, ['no-such-command'])).lines[0]).toBe('unknown command: no-such-command');
  });

  it('resets a password: the old one and its sessions stop, the new one signs in', async () => {
    const email = uniqueEmail('cli');
    const first = passwordIn((await runCommand(cli, ['operator:create', email, 'support'])).lines[0] ?? '');
    const token = (await login(email, first.password)).body.data.token;
    expect((await me(token)).status).toBe(200);

    const reset = await runCommand(cli, ['operator:reset-password', email]);
    expect(reset.code).toBe(0);
    const second = passwordIn(reset.lines[0] ?? '');
    expect(second.password).not.toBe(first.password);
    expect((await me(token)).status).toBe(401);
    expect((await login(email, first.password)).status).toBe(401);
    expect((await login(email, second.password)).body.code).toBe(200);
    expect(await cliAudit('operator.password_reset', email)).toHaveLength(1);
    expect((await runCommand(cli, ['operator:reset-password', 'nobody@test.local'])).code).toBe(1);
  });

  it('disables an operator: sessions end at once and login is refused as a wrong password is', async () => {
    const email = uniqueEmail('cli');
    const { password } = passwordIn(
      (await runCommand(cli, ['operator:create', email, 'admin'])).lines[0] ?? '',
    );
    const token = (await login(email, password)).body.data.token;

    expect((await runCommand(cli, ['operator:disable', email])).code).toBe(0);
    expect((await me(token)).status).toBe(401);
    const refused = await login(email, password);
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toBe((await login(email, 'Wrong-pass-123')).body.msg);
    expect(await cliAudit('operator.disable', email)).toHaveLength(1);
    expect((await runCommand(cli, ['operator:disable', email])).lines[0]).toBe(
      `${email} was disabled already`,
    );
  });

  it('checks the ledger, lists the jobs and runs a failed one-off job again', async () => {
    expect(await runCommand(cli, ['ledger:check'])).toEqual({
      code: 0,
      lines: [
        'ledger check: every journal sums to zero, every balance equals its journal, no user balance is negative',
      ],
    });
    const [job] = await s.db.query<{ id: string }>(
      `INSERT INTO jobs (name, key, status, run_at, attempts, max_attempts, last_result, last_error, created_at)
       VALUES ('test.cli', 'k1', 'failed', $1, 3, 3, 'failed', 'the relay was down', $1) RETURNING id::text AS id`,
      [s.clock.date().toISOString()],
    );
    const id = job?.id ?? '';
    const listed = await runCommand(cli, ['jobs:list']);
    expect(listed.lines.find((l) => l.includes('test.cli'))).toMatch(
      /failed\s+test\.cli \[k1\].*the relay was down/,
    );

    expect((await runCommand(cli, ['jobs:retry', id])).code).toBe(0);
    const [after] = await s.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM jobs WHERE id = $1',
      [id],
    );
    expect(after).toEqual({ status: 'scheduled', attempts: 0 });
    // Scheduled now, not failed: nothing to retry twice.
    expect((await runCommand(cli, ['jobs:retry', id])).code).toBe(1);
    expect((await runCommand(cli, ['jobs:retry', 'x'])).code).toBe(2);
    expect(await cliAudit('job.retry', id)).toHaveLength(1);
  });
});

describe('npm run admin', () => {
  it('runs a command on the configured database and exits with its code', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-admin-cli-'));
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/admin-cli.ts', ...args], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SCRYPT_LOG_N: '14' },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => {
          stdout += String(d);
        });
        child.stderr.on('data', (d) => {
          stderr += String(d);
        });
        child.once('exit', (code) => resolve({ code, stdout, stderr }));
      });
    const usage = await run();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run admin -- <command>');
    const made = await run('operator:create', 'night.ops@example.com', 'support');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(
      `in ${path.join(path.resolve(dataDir), 'operator-password-night.ops@example.com.txt')}`,
    );
  });
});
