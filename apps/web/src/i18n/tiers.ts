/**
 * Each language's strings ship in two tiers. The first holds what the home page and the app's frame
 * (nav bar, tab bar, toasts, error messages) show, and loads with the app; the rest loads before the
 * first page that is not home (its route waits for it, and home fetches it once idle). A feature's
 * strings so cost the first route nothing. The translators' files stay one per language: the build
 * cuts them (vite's `locale-tiers` plugin, `./locales/xx.json?tier=first|rest`).
 */
export const FIRST_TIER_AREAS: readonly string[] = ['app', 'common', 'errors', 'home', 'market', 'tabs'];

/** Single strings of other areas that home shows: its shortcuts' page titles (home/shortcuts.ts). */
export const FIRST_TIER_KEYS: readonly string[] = [
  'funding.deposit.title',
  'funding.withdraw.title',
  'referral.invite.title',
  'loan.apply.title',
  'earn.escrowOrders.title',
  'activity.list.title',
  'content.news.title',
  'support.chat.title',
  // The notifications bell in home's hero.
  'notifications.bell',
  'notifications.bellUnread',
];

export type Tier = 'first' | 'rest';
type Strings = { [key: string]: unknown };

/** The part of a language's strings in `tier` (nested as the file is; an area may be split). */
export function pickTier(bundle: Strings, tier: Tier): Strings {
  const pick = (node: Strings, prefix: string): Strings => {
    const out: Strings = {};
    for (const [k, v] of Object.entries(node)) {
      const key = prefix ? `${prefix}.${k}` : k;
      const inFirst = FIRST_TIER_AREAS.includes(key.split('.')[0] as string) || FIRST_TIER_KEYS.includes(key);
      if (typeof v === 'object' && v !== null && !inFirst) {
        const part = pick(v as Strings, key);
        if (Object.keys(part).length > 0) out[k] = part;
      } else if (inFirst === (tier === 'first')) out[k] = v;
    }
    return out;
  };
  return pick(bundle, '');
}
