import { type Eip1193Provider, isProvider } from './eip1193.ts';

/** PRODUCT.md "No-wallet page": look for a provider 3 times, 100 ms apart. */
export const WALLET_CHECKS = 3;
export const WALLET_CHECK_INTERVAL_MS = 100;

/** EIP-6963: each installed wallet announces itself; the page asks them to. */
export const ANNOUNCE_EVENT = 'eip6963:announceProvider';
export const REQUEST_EVENT = 'eip6963:requestProvider';

export interface ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface FoundProvider {
  info: ProviderInfo | null;
  provider: Eip1193Provider;
}

/** The window as discovery needs it: events, and the older injected `ethereum`. */
export type WalletWindow = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & {
  ethereum?: unknown;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The wallet to use: the first one announced by EIP-6963 (each wallet its own, so two installed
 * wallets never fight over `window.ethereum`), else the injected `window.ethereum`; null when none
 * appeared after the checks.
 */
export async function findProvider(
  win: WalletWindow = window as unknown as WalletWindow,
  wait: (ms: number) => Promise<void> = sleep,
  tries = WALLET_CHECKS,
  intervalMs = WALLET_CHECK_INTERVAL_MS,
): Promise<FoundProvider | null> {
  const announced: FoundProvider[] = [];
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<{ info?: ProviderInfo; provider?: unknown }>).detail;
    if (!detail || !isProvider(detail.provider)) return;
    if (announced.some((a) => a.info?.uuid === detail.info?.uuid)) return;
    announced.push({ info: detail.info ?? null, provider: detail.provider });
  };
  win.addEventListener(ANNOUNCE_EVENT, onAnnounce);
  try {
    for (let attempt = 1; attempt <= tries; attempt++) {
      win.dispatchEvent(new Event(REQUEST_EVENT));
      const first = announced[0];
      if (first) return first;
      if (isProvider(win.ethereum)) return { info: null, provider: win.ethereum };
      if (attempt < tries) await wait(intervalMs);
    }
    return null;
  } finally {
    win.removeEventListener(ANNOUNCE_EVENT, onAnnounce);
  }
}
