/**
 * The place for "send from my browser wallet" on the chain deposit screen: the `wallet` helper
 * owns this file and fills it in (issue 15). Until then it renders nothing.
 */
export function DepositWalletButton(_props: { chainId: number; address: string }) {
  return null;
}
