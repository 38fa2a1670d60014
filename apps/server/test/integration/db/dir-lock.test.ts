import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError } from '../../../src/db/dir-lock.ts';
import { openPglite } from '../../../src/db/pglite.ts';
import { freePort } from '../support/ports.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const newDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'otc-dir-lock-')), 'pglite');

describe('the embedded database has one process at a time', { timeout: 180_000 }, () => {
  it('a second opening of a directory in use is refused, naming the holder; closed, it opens again', async () => {
    const dir = newDir();
    const first = await openPglite(dir);
    try {
      await first.query('CREATE TABLE kept (n int)');
      const second = await openPglite(dir).catch((e: unknown) => e);
      expect(second).toBeInstanceOf(DataDirInUseError);
      expect((second as DataDirInUseError).pid).toBe(process.pid);
      expect((second as Error).message).toContain(`is open in another process (pid ${process.pid})`);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openPglite(dir);
    try {
      expect(await again.query('SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 0 }]);
    } finally {
      await again.close();
    }
  });

  it('a lock left by a process that died (kill -9) is taken over', async () => {
    const dir = newDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeFileSync(`${dir}.lock`, `${gone}\n`);
    const db = await openPglite(dir);
    await db.close();
  });

  it('while the server runs, the ledger check and a second server are refused in one line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-dir-lock-'));
    const env = {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      DEV_CHAIN: '0',
      MARKET_HISTORY: '0',
      LOG_FORMAT: 'json',
      WEB_DIST: '/nonexistent',
      ADMIN_DIST: '/nonexistent',
      HOST: '127.0.0.1',
    };
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      stdio: 'ignore',
      env: { ...env, PORT: String(port) },
    });
    try {
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/healthz`).then(
              (r) => r.ok,
              () => false,
            ),
          {
            timeout: 120_000,
            interval: 250,
          },
        )
        .toBe(true);
      const check = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/check-ledger.ts'], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      expect(check.status).toBe(2);
      expect(check.stderr).toContain(`is open in another process (pid ${server.pid})`);

      const second = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: { ...env, PORT: String(await freePort()) },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(
        new RegExp(
          `^refused: the embedded database in .* is open in another process \\(pid ${server.pid}\\)`,
          'm',
        ),
      );
      // The first still serves, its data whole.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    // Stopped, it let go: the check runs.
    const after = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/check-ledger.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(after.status).toBe(0);
  });
});
