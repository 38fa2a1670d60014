import { type Address, BlockNotFoundError, type PublicClient, parseAbiItem } from 'viem';
import type { AppContext } from '../../context.ts';
import type { ChainInfo } from '../../platform/chain/index.ts';

/** One USDT Transfer log as the watcher reads it. */
export interface TokenTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** The receiving address, lower-case. */
  to: string;
  /** In the token's own units. */
  value: bigint;
}

/**
 * What the deposit watcher needs of one chain. The chain platform (`ctx.chain`) provides it; tests
 * of the crediting rules give a chain of their own.
 */
export interface DepositChain {
  chainId: number;
  name: string;
  /** Confirmations a deposit waits for before it is credited. */
  confirmations: number;
  head(): Promise<bigint>;
  /** The hash of the block at `n` on the chain as it is now; null above the head. */
  blockHash(n: bigint): Promise<string | null>;
  /** Every USDT Transfer log in blocks `from`..`to` (the watcher keeps those to known addresses). */
  transfers(from: bigint, to: bigint): Promise<TokenTransfer[]>;
  /** The token's decimals, read on chain. */
  decimals(): Promise<number>;
  /** The USDT contract (a wallet's transfer is a call to it). */
  token: string;
  /** The platform's hot wallet on this chain. */
  hotWallet: string;
  /** USDT held by `address`, in the token's units. */
  balanceOf(address: string): Promise<bigint>;
}

/** The enabled chains, and each user's deposit address on one (the chain platform derives it). */
export interface DepositChains {
  list(): DepositChain[];
  depositAddress(chainId: number, userId: string): Promise<string>;
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const BALANCE_OF = parseAbiItem('function balanceOf(address owner) view returns (uint256)');

/** The platform's enabled chains (`ctx.chain`), as the deposit watcher reads them. */
export function depositChainsOf(ctx: Pick<AppContext, 'chain'>): DepositChains {
  const platform = ctx.chain;
  return {
    list: () =>
      platform
        .chains()
        .map((info) =>
          viemDepositChain(platform.client(info.chainId), info, platform.hotWallet(info.chainId).address),
        ),
    depositAddress: async (chainId, userId) => platform.depositAddress(chainId, userId),
  };
}

/** One chain through its viem client: the USDT contract's Transfer logs, blocks by number, the decimals read at start. */
function viemDepositChain(client: PublicClient, info: ChainInfo, hotWallet: string): DepositChain {
  return {
    chainId: info.chainId,
    name: info.name,
    confirmations: info.confirmations,
    token: info.usdt,
    hotWallet,
    // No cached head: a pass must see the chain as it is now.
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    blockHash: async (n) => {
      try {
        return (await client.getBlock({ blockNumber: n })).hash;
      } catch (err) {
        if (err instanceof BlockNotFoundError) return null;
        throw err;
      }
    },
    transfers: async (from, to) => {
      const logs = await client.getLogs({
        address: info.usdt,
        event: TRANSFER,
        fromBlock: from,
        toBlock: to,
      });
      return logs.flatMap((l) =>
        l.args.to === undefined ||
        l.args.value === undefined ||
        l.transactionHash === null ||
        l.blockHash === null ||
        l.blockNumber === null ||
        l.logIndex === null
          ? []
          : [
              {
                txHash: l.transactionHash,
                logIndex: l.logIndex,
                blockNumber: l.blockNumber,
                blockHash: l.blockHash,
                to: l.args.to.toLowerCase(),
                value: l.args.value,
              },
            ],
      );
    },
    decimals: async () => info.decimals,
    balanceOf: (address) =>
      client.readContract({
        address: info.usdt,
        abi: [BALANCE_OF],
        functionName: 'balanceOf',
        args: [address as Address],
      }),
  };
}
