/**
 * The browser wallet (issue 15, seed §7 wallet module): finding the wallet (EIP-6963, then
 * window.ethereum), signing in with it (SIWE), its chain and its USDT, and exact-amount transfers.
 * Loaded lazily by the pages that use it, never with the first route.
 */

export { formatTokenUnits, parseTokenAmount, TokenAmountError } from '@otc/core/money/token-units';
export { connectAccount, readChainId } from './accounts.ts';
export { isAddress, toChecksumAddress } from './address.ts';
export { type DepositOrder, type DepositOutcome, depositFromWallet } from './deposit.ts';
export { type FoundProvider, findProvider } from './discovery.ts';
export { type Eip1193Provider, errorReason } from './eip1193.ts';
export { type SwitchResult, switchChain } from './switchChain.ts';
export { readDecimals, readTokenBalance, type TokenBalance } from './token.ts';
export { sendNativeTransfer, sendTokenTransfer, type TransferResult } from './transfer.ts';
export { type WalletLoginDeps, type WalletLoginResult, walletLogin } from './walletLogin.ts';
