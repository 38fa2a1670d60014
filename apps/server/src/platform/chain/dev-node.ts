import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { DEV_CHAIN_ID } from '@otc/protocol/cashier/chains';
import { DEV_MNEMONIC } from './dev-keys.ts';

/**
 * A local EVM JSON-RPC node (anvil, from its npm platform package: a prebuilt binary, no install
 * script) on loopback, for `npm start` and the tests. It listens on 127.0.0.1 only, on a free port,
 * with the dev mnemonic's funded accounts; `stop()` ends it, and so does this process's exit, so no
 * node outlives whoever started it.
 */
export interface DevNodeOptions {
  /** Where the chain's state is kept across restarts (`npm start`); none: a fresh chain each time. */
  stateFile?: string;
  /** Seconds between blocks besides one per transaction (`npm start`, so confirmations come); none in tests. */
  blockTime?: number;
  port?: number;
}

export interface DevNode {
  rpcUrl: string;
  pid: number;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** ANVIL_BIN, or the binary of the platform package npm installed here (apps/server optionalDependencies). */
export function anvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const pkg = `@foundry-rs/anvil-${process.platform === 'win32' ? 'win32' : process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  let dir: string;
  try {
    dir = require.resolve(`${pkg}/package.json`).replace(/package\.json$/, '');
  } catch {
    throw new Error(
      `the dev chain needs anvil: ${pkg} is not installed (npm install, set ANVIL_BIN, or DEV_CHAIN=0 to start without it)`,
    );
  }
  const bin = `${dir}bin/anvil${process.platform === 'win32' ? '.exe' : ''}`;
  if (!existsSync(bin)) throw new Error(`anvil binary missing at ${bin}`);
  return bin;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startDevNode(options: DevNodeOptions = {}): Promise<DevNode> {
  const port = options.port ?? (await freePort());
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(DEV_CHAIN_ID),
    '--mnemonic',
    DEV_MNEMONIC,
    '--accounts',
    '10',
    '--balance',
    '10000',
    '--silent',
  ];
  if (options.stateFile) args.push('--state', options.stateFile, '--state-interval', '10');
  if (options.blockTime) args.push('--block-time', String(options.blockTime), '--mixed-mining');
  const child = spawnWatched(anvilBinary(), args);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  // On exit there is no waiting: SIGTERM to anvil and its watchdog both, which go on their own.
  const killOnExit = () => signal(child, 'SIGTERM');
  process.once('exit', killOnExit);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    await terminate(child);
  };
  try {
    await waitUntilAnswering(rpcUrl, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { rpcUrl, pid: child.pid as number, stop };
}

/**
 * Runs anvil under a small shell watchdog that ends it when this process is gone, however it went
 * (a SIGKILL runs no exit handler): the node never outlives whoever started it. A SIGTERM to the
 * watchdog is passed on to anvil, which then writes its state file. No shell on Windows: anvil alone.
 */
const WATCHDOG = [
  '"$0" "$@" & node=$!',
  "trap 'kill -TERM $node 2>/dev/null; wait $node; exit $?' TERM INT",
  'while kill -0 "$WATCHED_PID" 2>/dev/null && kill -0 $node 2>/dev/null; do sleep 1 & wait $!; done',
  'kill -TERM $node 2>/dev/null; wait $node',
].join('\n');

function spawnWatched(bin: string, args: string[]): ChildProcess {
  const stdio: ['ignore', 'ignore', 'pipe'] = ['ignore', 'ignore', 'pipe'];
  if (process.platform === 'win32') return spawn(bin, args, { stdio });
  // Its own process group, so a signal can reach the watchdog and anvil together (`signal`).
  return spawn('/bin/sh', ['-c', WATCHDOG, bin, ...args], {
    stdio,
    detached: true,
    env: { ...process.env, WATCHED_PID: String(process.pid) },
  });
}

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  try {
    if (process.platform === 'win32' || !child.pid) child.kill(name);
    else process.kill(-child.pid, name);
  } catch {
    // already gone
  }
}

/** SIGTERM (anvil then writes its state file), SIGKILL if it has not gone in 5 s. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signal(child, 'SIGTERM');
  const timer = setTimeout(() => signal(child, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function waitUntilAnswering(rpcUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr()}`);
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`anvil did not answer at ${rpcUrl} within 20 s: ${stderr()}`);
}
