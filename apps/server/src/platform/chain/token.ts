import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { tokenAbi, tokenBytecode } from './token-artifact.ts';

/** What a token is deployed with (contracts/Token.sol's constructor); the whole supply goes to the deployer. */
export interface TokenSpec {
  name: string;
  symbol: string;
  decimals: number;
  /** Whole tokens, e.g. '1000000000'. */
  supply: string;
}

/** The dev chain's USDT: 6 decimals, like the real one on Ethereum and Cronos. */
export const DEV_USDT: TokenSpec = {
  name: 'Tether USD (dev)',
  symbol: 'USDT',
  decimals: 6,
  supply: '1000000000',
};

/** Deploys contracts/Token.sol from `deployerKey` and waits for its receipt; returns the contract's address. */
export async function deployToken(rpcUrl: string, deployerKey: Hex, spec: TokenSpec): Promise<Address> {
  const account = privateKeyToAccount(deployerKey);
  const wallet = createWalletClient({ account, transport: http(rpcUrl) });
  const client = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await client.getChainId();
  const hash = await wallet.deployContract({
    abi: tokenAbi,
    bytecode: tokenBytecode,
    args: [spec.name, spec.symbol, spec.decimals, parseUnits(spec.supply, spec.decimals)],
    chain: { ...foundry, id: chainId },
  });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error(`token deployment failed: ${hash}`);
  return getAddress(receipt.contractAddress);
}
