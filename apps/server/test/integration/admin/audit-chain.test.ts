import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandLine, runCommand } from '../../../src/admin/index.ts';
import { checkLedger } from '../../../src/areas.ts';
import { chainStatusFrom } from '../../../src/cashier/index.ts';
import { sealAuditLog } from '../../../src/platform/audit-chain.ts';
import { DATABASES, startServer, type TestServer, uniqueEmail } from '../support/harness.ts';

describe.each(DATABASES)('the audit log as a hash chain on %s', (kind) => {
  let s: TestServer;
  let cli: CommandLine;
  beforeAll(async () => {
    s = await startServer(kind);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-audit-chain-'));
    cli = {
      db: s.db,
      config: { dataDir, scryptLogN: 14 },
      checkLedger,
      chainStatus: () => chainStatusFrom(s.db, s.ctx.config),
      now: () => s.clock.date(),
    };
  });
  afterAll(() => s.close());

  const seal = () => s.db.tx((q) => sealAuditLog(q));
  const verify = () => runCommand(cli, ['audit:verify']);
  const head = async () =>
    (
      await s.db.query<{ seq: string; hash: string }>(
        'SELECT a.seq::text AS seq, a.hash FROM audit_log a WHERE a.seq IS NOT NULL ORDER BY a.seq DESC LIMIT 1',
      )
    )[0];

  it('seals every entry in order and audit:verify prints the head it recomputed', async () => {
    // Past ten entries, so an order taken from text ("10" before "9") would show.
    for (let i = 0; i < 12; i++)
      await runCommand(cli, [
        'operator:create',
        uniqueEmail(),
        ['support', 'reviewer', 'admin'][i % 3] as string,
      ]);
    const [{ n } = { n: '0' }] = await s.db.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_log');
    expect(await seal()).toBe(Number(n));
    expect(await seal()).toBe(0);
    const last = await head();
    expect(last?.seq).toBe(n);
    const outcome = await verify();
    expect(outcome).toEqual({
      code: 0,
      lines: [
        `audit log intact: ${n} entries sealed, head ${n} ${last?.hash}`,
        // The check's own entry: sealed by the next run.
        '0 entries wait for the seal (the audit.seal job, each minute)',
      ],
    });
    // The next seals continue the chain from its head.
    expect(await seal()).toBe(1);
    await runCommand(cli, ['jobs:list']);
    expect(await seal()).toBe(1);
    expect((await verify()).lines[0]).toMatch(
      new RegExp(`^audit log intact: ${Number(n) + 2} entries sealed`),
    );
  });

  it('names the entry changed after it was sealed, and is intact again once it is put back', async () => {
    await seal();
    const [entry] = await s.db.query<{ id: string; seq: string; detail: string }>(
      'SELECT id::text AS id, seq::text AS seq, detail::text AS detail FROM audit_log WHERE seq = 2',
    );
    await s.db.query(`UPDATE audit_log SET detail = '{"role": "admin"}' WHERE seq = 2`);
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.lines[0]).toBe(
      `audit log broken: entry 2 (id ${entry?.id}) was changed after it was sealed`,
    );
    await s.db.query('UPDATE audit_log SET detail = $1::jsonb WHERE seq = 2', [entry?.detail]);
    expect((await verify()).code).toBe(0);
    // A target or a time moved is as visible as a detail.
    await s.db.query(`UPDATE audit_log SET created_at = created_at + interval '1 microsecond' WHERE seq = 1`);
    expect((await verify()).lines[0]).toMatch(/^audit log broken: entry 1 \(id \d+\) was changed/);
    await s.db.query(`UPDATE audit_log SET created_at = created_at - interval '1 microsecond' WHERE seq = 1`);
    expect((await verify()).code).toBe(0);
  });

  it('names the first entry missing when one was deleted', async () => {
    await seal();
    await s.db.query('DELETE FROM audit_log WHERE seq = 3');
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.lines[0]).toBe('audit log broken: entry 3 of the chain is missing (deleted or renumbered)');
  });

  it('is sealed by the audit.seal job the platform schedules', async () => {
    const [job] = await s.db.query<{ name: string }>("SELECT name FROM jobs WHERE name = 'audit.seal'");
    expect(job?.name).toBe('audit.seal');
  });
});
