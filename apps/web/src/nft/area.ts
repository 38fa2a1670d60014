import type { WebArea } from '../app/area.ts';

/**
 * The NFT area (issue 26): its pages come later; for now it labels its journal kind, so a purchase
 * reads as one in balance history. app/areas.ts lists each area's.
 */
export const nftArea = {
  routes: [],
  pages: {},
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
