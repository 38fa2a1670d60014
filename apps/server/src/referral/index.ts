import type { Area, AreaModule } from '../platform/area.ts';

/**
 * Referral: invites and agents (PRODUCT.md "Invite and agents"; docs/decisions/0127-referral.md).
 * Auth links a referee to its referrer at registration; this area owns the rebate and agent tables
 * (migration 043). The daily jobs, routes and pages come next (0127 "Left" 2 to 5).
 */
export function referralArea(): Area {
  return { name: 'referral' };
}

export const referralModule: AreaModule = {
  tables: ['referral_settings', 'agent_levels', 'agent_status', 'referral_rebates'],
  build: () => referralArea(),
};
