import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandLine, runCommand } from '../../../src/admin/index.ts';
import { checkLedger } from '../../../src/areas.ts';
import { chainStatusFrom } from '../../../src/cashier/index.ts';
import type { Config } from '../../../src/config.ts';
import { type DevChain, onDevChain, startDevChain } from '../chain/dev-chain.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

/**
 * `npm run admin -- chains:status` (issue 28): each enabled chain as the back office shows it, read
 * from the node now, and an exit code a cron check can act on.
 */
describe.each(DATABASES)("the command line's chain status on %s", (kind) => {
  let dev: DevChain;
  let s: TestServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-cli-chains-'));
  beforeAll(async () => {
    dev = await startDevChain();
    s = await startServer(kind, onDevChain(dev));
  });
  afterAll(async () => {
    await s?.close();
    await dev?.stop();
  });

  /** The command line as `admin-cli.ts` builds it, on a configuration of the test's choosing. */
  const cliOn = (config: Config): CommandLine => ({
    db: s.db,
    config: { dataDir, scryptLogN: 14 },
    checkLedger,
    chainStatus: () => chainStatusFrom(s.db, config),
    now: () => s.clock.date(),
  });
  const audited = async () =>
    (
      await s.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'chains.status'`,
      )
    )[0]?.n ?? 0;

  it('prints the dev chain: its USDT, the hot wallet read from the node, the watcher, the waiting withdrawals; audited', async () => {
    const before = await audited();
    const hot = dev.accounts[1]?.address as string;
    const out = await runCommand(cliOn(s.ctx.config), ['chains:status']);
    expect(out.code).toBe(0);
    expect(out.lines[0]).toMatch(
      new RegExp(
        `^Local dev chain \\(chain 31337\\), USDT ${dev.usdt} \\(6 decimals\\), gas price \\d+(\\.\\d+)? gwei$`,
      ),
    );
    expect(out.lines[1]).toMatch(
      /^ {2}watcher: (not scanned yet|block \d+ of head \d+, lag \d+ blocks, scanned \S+), \d+ deposits confirming$/,
    );
    // The dev chain's hot wallet (account 1) starts with 1,000,000 USDT and 10,000 ETH: read from the node.
    expect(out.lines[2]).toBe(`  hot wallet ${hot}: 1000000 USDT, 10000 ETH`);
    expect(out.lines).toContain('  withdrawals waiting for funds: 0 (0 USDT)');
    expect(await audited()).toBe(before + 1);
  });

  it('says when no chain is enabled, and exits 0', async () => {
    const none = { ...s.ctx.config, devChainRpcUrl: undefined, devChainUsdt: undefined };
    expect(await runCommand(cliOn(none), ['chains:status'])).toEqual({
      code: 0,
      lines: ['no chain is enabled (CHAIN_RPC_<id> for a real chain, DEV_CHAIN_RPC_URL for the dev chain)'],
    });
  });

  it('exits 1 naming the failure when the node does not answer', async () => {
    const gone = { ...s.ctx.config, devChainRpcUrl: 'http://127.0.0.1:9/' };
    const out = await runCommand(cliOn(gone), ['chains:status']);
    expect(out.code).toBe(1);
    expect(out.lines[0]).toMatch(/^chains: /);
  });
});
