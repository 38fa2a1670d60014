import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseEther,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { DEV_DEPLOYER_INDEX, DEV_HOT_WALLET_INDEX, devAccountKey, devGasKey } from './dev-keys.ts';
import { startDevNode } from './dev-node.ts';
import { DEV_USDT, deployToken } from './token.ts';
import { tokenAbi } from './token-artifact.ts';

/** Where a running dev chain is and its USDT: what the server connects to (config.devChainRpcUrl / devChainUsdt). */
export interface DevChainEndpoint {
  rpcUrl: string;
  usdt: Address;
}

/** USDT the hot wallet starts with on a fresh dev chain, so withdrawals work from the first start. */
export const DEV_HOT_WALLET_USDT = '1000000';
/** Native coin the dev gas account gets (pays sweeps' gas), and is topped up to when found below 1. */
export const DEV_GAS_ACCOUNT_ETH = '1000';

/**
 * The dev chain of `npm start`: anvil with its state in DATA_DIR/chain (balances, deposits and the
 * token survive a restart), blocks every 2 s besides one per transaction (so confirmations come), and
 * the dev USDT deployed once, its address remembered in DATA_DIR/chain/dev-usdt.json. A state file
 * lost or reset gets a fresh token, found missing by its absent code.
 */
export async function startEmbeddedDevChain(
  dataDir: string,
): Promise<DevChainEndpoint & { stop(): Promise<void> }> {
  const dir = path.join(dataDir, 'chain');
  mkdirSync(dir, { recursive: true });
  const node = await startDevNode({ stateFile: path.join(dir, 'anvil-state.json'), blockTime: 2 });
  try {
    const remembered = path.join(dir, 'dev-usdt.json');
    let usdt = readRemembered(remembered);
    if (!usdt || !(await hasCode(node.rpcUrl, usdt))) {
      usdt = await deployDevUsdt(node.rpcUrl);
      writeFileSync(remembered, `${JSON.stringify({ usdt }, null, 2)}\n`);
    } else await fundDevGasAccount(node.rpcUrl, parseEther('1'));

    return { rpcUrl: node.rpcUrl, usdt, stop: node.stop };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/** Deploys the dev USDT from dev account 0 and gives the hot wallet (account 1) its starting float. */
export async function deployDevUsdt(rpcUrl: string): Promise<Address> {
  const usdt = await deployToken(rpcUrl, devAccountKey(DEV_DEPLOYER_INDEX), DEV_USDT);
  const wallet = createWalletClient({
    account: privateKeyToAccount(devAccountKey(DEV_DEPLOYER_INDEX)),
    chain: foundry,
    transport: http(rpcUrl),
  });
  const hotWallet = privateKeyToAccount(devAccountKey(DEV_HOT_WALLET_INDEX)).address;
  const hash = await wallet.writeContract({
    address: usdt,
    abi: tokenAbi,
    functionName: 'transfer',
    args: [hotWallet, parseUnits(DEV_HOT_WALLET_USDT, DEV_USDT.decimals)],
  });
  await createPublicClient({ chain: foundry, transport: http(rpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 50,
  });
  await fundDevGasAccount(rpcUrl);
  return usdt;
}

/**
 * Gives the dev gas account its native coin from dev account 0 when it holds less than `below`
 * (a fresh chain: always; a dev chain's state from before the sweeps: once).
 */
export async function fundDevGasAccount(
  rpcUrl: string,
  below = parseEther(DEV_GAS_ACCOUNT_ETH),
): Promise<void> {
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const gas = privateKeyToAccount(devGasKey()).address;
  if ((await client.getBalance({ address: gas })) >= below) return;
  const wallet = createWalletClient({
    account: privateKeyToAccount(devAccountKey(DEV_DEPLOYER_INDEX)),
    chain: foundry,
    transport: http(rpcUrl),
  });
  const hash = await wallet.sendTransaction({ to: gas, value: parseEther(DEV_GAS_ACCOUNT_ETH) });
  await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

function readRemembered(file: string): Address | undefined {
  try {
    return getAddress((JSON.parse(readFileSync(file, 'utf8')) as { usdt: string }).usdt);
  } catch {
    return undefined;
  }
}

async function hasCode(rpcUrl: string, address: Address): Promise<boolean> {
  const code = await createPublicClient({ chain: foundry, transport: http(rpcUrl) }).getCode({ address });
  return code !== undefined && code !== '0x';
}
