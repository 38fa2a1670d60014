import { chainName, DEV_CHAIN_ID } from '@otc/protocol/cashier/chains';
import type { HDKey } from '@scure/bip32';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../../config.ts';
import { roles } from '../roles.ts';
import { depositAddressFrom, parseXpub } from './deposit-addresses.ts';
import { DEV_HOT_WALLET_INDEX, devAccountKey, devDepositXprv, devGasKey, devXpub } from './dev-keys.ts';
import { NETWORKS, REAL_CHAIN_IDS } from './networks.ts';
import { parseXprv, refuseSweepKeysOnApi, type SweepSigner, sweepSignerFrom } from './sweep-signer.ts';
import { tokenAbi } from './token-artifact.ts';
import type { Chain, ChainInfo } from './types.ts';

interface Enabled {
  info: ChainInfo;
  client: PublicClient;
  hotWallet: WalletClient & { address: Address };
  xpub: HDKey;
  signer: SweepSigner | undefined;
}

/**
 * Builds ctx.chain from config: the dev chain when config points at one running (DEV_CHAIN_RPC_URL,
 * or `main.ts` after starting it), with the dev mnemonic's keys; each real chain with an RPC URL,
 * with DEPOSIT_XPUB and HOT_WALLET_KEY (the public dev keys never touch a real chain, and production
 * never runs the dev chain: its USDT is play money). USDT decimals are read on chain here; a chain
 * whose RPC does not answer at start fails the start, as its deposits could not be seen.
 */
export async function createChain(config: Config, log?: FastifyBaseLogger): Promise<Chain> {
  const enabled = new Map<number, Enabled>();
  const realIds = REAL_CHAIN_IDS.filter((id) => config.chainRpc[id]);
  if (config.devChainRpcUrl && config.production)
    throw new Error(
      'the dev chain (DEV_CHAIN_RPC_URL) is refused with NODE_ENV=production: its USDT is play money',
    );
  if (realIds.length > 0) {
    if (!config.hotWalletKey)
      throw new Error('HOT_WALLET_KEY is required when a chain (CHAIN_RPC_<id>) is enabled');
    if (!config.depositXpub)
      throw new Error('DEPOSIT_XPUB is required when a chain (CHAIN_RPC_<id>) is enabled');
  }
  refuseSweepKeysOnApi(config);
  const signs = roles.runsJobs(config.role);
  if (config.devChainRpcUrl) {
    if (!config.devChainUsdt) throw new Error('DEV_CHAIN_USDT is required with DEV_CHAIN_RPC_URL');
    const key = devAccountKey(DEV_HOT_WALLET_INDEX);
    enabled.set(
      DEV_CHAIN_ID,
      await connect(
        config,
        DEV_CHAIN_ID,
        config.devChainRpcUrl,
        getAddress(config.devChainUsdt),
        key,
        devXpub(),
        signs ? sweepSignerFrom(devDepositXprv(), devGasKey()) : undefined,
      ),
    );
  }
  const realSigner =
    signs && config.sweepXprv && config.gasKey && config.depositXpub
      ? sweepSignerFrom(parseXprv(config.sweepXprv), config.gasKey as Hex, parseXpub(config.depositXpub))
      : undefined;
  if (signs && realIds.length > 0 && !realSigner)
    log?.warn('no SWEEP_XPRV and GAS_KEY in this process: deposits on the real chains are not swept here');
  for (const id of realIds) {
    const usdt = NETWORKS[id].usdt as Address;
    const xpub = parseXpub(config.depositXpub as string);
    enabled.set(
      id,
      await connect(
        config,
        id,
        config.chainRpc[id] as string,
        usdt,
        config.hotWalletKey as Hex,
        xpub,
        realSigner,
      ),
    );
  }
  for (const { info } of enabled.values())
    log?.info({ chainId: info.chainId, usdt: info.usdt, decimals: info.decimals }, 'chain enabled');

  const get = (chainId: number): Enabled => {
    const chain = enabled.get(chainId);
    if (!chain) throw new Error(`chain ${chainId} is not enabled`);
    return chain;
  };
  return {
    chains: () => [...enabled.values()].map((c) => c.info),
    info: (chainId) => enabled.get(chainId)?.info,
    client: (chainId) => get(chainId).client,
    depositAddress: (chainId, userId) => depositAddressFrom(get(chainId).xpub, userId),
    hotWallet: (chainId) => get(chainId).hotWallet,
    sweepSigner: (chainId) => enabled.get(chainId)?.signer,
  };
}

async function connect(
  config: Config,
  chainId: keyof typeof NETWORKS,
  rpcUrl: string,
  usdt: Address,
  hotWalletKey: Hex,
  xpub: HDKey,
  signer: SweepSigner | undefined,
): Promise<Enabled> {
  const network = NETWORKS[chainId];
  const transport = http(rpcUrl);
  // No cached block number: a watcher that reads the height right after blocks came must see them.
  const client = createPublicClient({ chain: network.viem, transport, cacheTime: 0 }) as PublicClient;
  const onChain = await client.getChainId();
  if (onChain !== chainId)
    throw new Error(`the RPC for chain ${chainId} (${rpcUrl}) serves chain ${onChain}`);
  const decimals = await client.readContract({ address: usdt, abi: tokenAbi, functionName: 'decimals' });
  const account = privateKeyToAccount(hotWalletKey);
  const wallet = createWalletClient({ account, chain: network.viem, transport });
  return {
    info: {
      chainId,
      name: chainName(chainId) ?? String(chainId),
      usdt,
      decimals,
      confirmations: config.chainConfirmations[chainId] ?? network.defaultConfirmations,
    },
    client,
    hotWallet: Object.assign(wallet, { address: account.address }),
    xpub,
    signer,
  };
}
