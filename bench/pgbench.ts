import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { adminSql } from './admin-sql.ts';

const run = promisify(execFile);

/**
 * The machine's PostgreSQL speed, measured in the same run as the durable orders (issue 30: absolute
 * orders/s do not carry between machines; orders per pgbench transaction do): TPC-B-like pgbench,
 * scale 1, 10 clients and 2 threads for `seconds`, on a database of its own made on the server the
 * benchmark uses and dropped after. `PGBENCH` names the binary; else Debian's PostgreSQL 15 one, else
 * `pgbench` on the PATH.
 */
export async function pgbenchTps(url: string, seconds = 10): Promise<number> {
  const binary =
    process.env.PGBENCH ??
    (existsSync('/usr/lib/postgresql/15/bin/pgbench') ? '/usr/lib/postgresql/15/bin/pgbench' : 'pgbench');
  const name = `bench_pgbench_${randomBytes(6).toString('hex')}`;
  const admin = (sql: string) => adminSql(url, sql);
  await admin(`CREATE DATABASE ${name}`);
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    await run(binary, ['-i', '-q', '-s', '1', target.toString()]);
    const { stdout } = await run(binary, ['-c', '10', '-j', '2', '-T', String(seconds), target.toString()]);
    const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return Number(tps);
  } finally {
    await admin(`DROP DATABASE ${name}`);
  }
}
