/** PRODUCT.md "No-wallet page": look for an EIP-1193 provider 3 times, 100 ms apart. */
export const WALLET_CHECKS = 3;
export const WALLET_CHECK_INTERVAL_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function detectWallet(
  target: { ethereum?: unknown } = globalThis as { ethereum?: unknown },
  wait: (ms: number) => Promise<void> = sleep,
  tries = WALLET_CHECKS,
  intervalMs = WALLET_CHECK_INTERVAL_MS,
): Promise<boolean> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (target.ethereum) return true;
    if (attempt < tries) await wait(intervalMs);
  }
  return false;
}
