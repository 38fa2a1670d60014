/**
 * Seconds contracts (PRODUCT.md "Seconds contracts"), zod-free so the web can read them: the
 * periods and ratios an instrument starts with (operators change them per instrument), the stake
 * range, the account and asset that pay for it, and when the loss share is shown.
 */
export const SECONDS_DEFAULT_PERIODS = [
  { seconds: 30, ratio: '0.8' },
  { seconds: 60, ratio: '0.82' },
  { seconds: 120, ratio: '0.85' },
  { seconds: 300, ratio: '0.88' },
] as const;
export const SECONDS_PERIODS = [30, 60, 120, 300] as const;
export const SECONDS_MIN_STAKE = '10';
export const SECONDS_MAX_STAKE = '10000';
export const SECONDS_ASSET = 'USDT';
export const SECONDS_ACCOUNT = 'contract';
/** The share of accounts that lost money is shown once this many accounts settled a contract in the window (the server's default; `SECONDS_LOSS_SHARE_MIN_ACCOUNTS`). */
export const SECONDS_LOSS_SHARE_MIN_ACCOUNTS = 100;
export const SECONDS_LOSS_SHARE_DAYS = 90;
/** Above this a profit ratio is refused in the back office (2 = 200%). */
export const SECONDS_MAX_RATIO = '2';
