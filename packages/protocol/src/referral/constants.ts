/** Rebates are credited in this asset: fees in others are converted at the index price. */
export const REBATE_ASSET = 'USDT';

/** The register screen's hash route reading `?invite=CODE` into its invite field (the web's auth area). */
export const INVITE_PATH = '/#/pages/login/register';

/** The link a referrer shares: the register screen with its code filled in. */
export const inviteLink = (origin: string, code: string): string =>
  `${origin}${INVITE_PATH}?invite=${encodeURIComponent(code)}`;
