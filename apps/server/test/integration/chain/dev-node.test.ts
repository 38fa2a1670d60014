import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDevNode } from '../../../src/platform/chain/index.ts';

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

async function goneWithin(rpcUrl: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await answers(rpcUrl))) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Starts orphan-child.ts, which starts a node and prints its URL; resolves with the child and the URL. */
async function childWithNode(mode: 'exit' | 'kill') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'orphan-child.ts'), mode],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { child, rpcUrl: line.toString().trim() };
}

describe('the dev node', () => {
  it('starts on loopback answering as chain 31337 with the dev accounts, and stops', async () => {
    const node = await startDevNode();
    expect(node.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_accounts', params: [] }),
    });
    const { result } = (await res.json()) as { result: string[] };
    expect(result[0]?.toLowerCase()).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(result).toHaveLength(10);
    await node.stop();
    expect(await answers(node.rpcUrl)).toBe(false);
  });

  it('ends with the process that started it when that process exits', async () => {
    const { child, rpcUrl } = await childWithNode('exit');
    await once(child, 'exit');
    expect(await goneWithin(rpcUrl, 5000)).toBe(true);
  }, 30_000);

  it('ends with the process that started it even when that process is killed outright', async () => {
    const { child, rpcUrl } = await childWithNode('kill');
    expect(await answers(rpcUrl)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(await goneWithin(rpcUrl, 5000)).toBe(true);
  }, 30_000);
});
