/**
 * The chain platform (docs/decisions/0063-chain-platform-keys.md): viem clients, deposit addresses, the hot wallet,
 * and the local dev chain (anvil) with its USDT. Platform: imports no area.
 */

export { depositAddressFrom, parseXpub } from './deposit-addresses.ts';
export {
  DEV_ACCOUNT_PATH,
  DEV_DEPLOYER_INDEX,
  DEV_GAS_PATH,
  DEV_HOT_WALLET_INDEX,
  DEV_MNEMONIC,
  devAccountKey,
  devDepositXprv,
  devGasKey,
  devXpub,
} from './dev-keys.ts';
export { type DevNode, type DevNodeOptions, startDevNode } from './dev-node.ts';
export {
  DEV_HOT_WALLET_USDT,
  type DevChainEndpoint,
  deployDevUsdt,
  startEmbeddedDevChain,
} from './embedded-dev-chain.ts';
export { NETWORKS, type Network, REAL_CHAIN_IDS } from './networks.ts';
export { createChain } from './service.ts';
export { type SweepSigner, sweepSignerFrom } from './sweep-signer.ts';
export { DEV_USDT, deployToken, type TokenSpec } from './token.ts';
export { tokenAbi, tokenBytecode } from './token-artifact.ts';
export type { Chain, ChainInfo } from './types.ts';
