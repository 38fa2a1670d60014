import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports.ts';

const exec = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

/** PostgreSQL's tools refuse to run as root: as root (this machine's tests), they run as `postgres`. */
const asRoot = process.getuid?.() === 0;
const run = (tool: string, args: string[]) =>
  asRoot
    ? exec('runuser', ['-u', 'postgres', '--', `${BIN}/${tool}`, ...args], {
        env: { ...process.env, LC_ALL: 'C' },
      })
    : exec(`${BIN}/${tool}`, args, { env: { ...process.env, LC_ALL: 'C' } });

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own port and socket
 * directory): a fault test stops and starts it, never the machine's shared server. One database,
 * `otc`, empty. `stop` is pg_ctl's fast shutdown (sessions ended, as an operator's restart does).
 */
export async function privatePostgres() {
  const dir = await mkdtemp(path.join(tmpdir(), 'otc-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (asRoot) await exec('chown', ['postgres:postgres', dir]);
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE otc');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/otc`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
