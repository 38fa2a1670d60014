import type { AreaWire } from '../area.ts';
import { newsAdminContract, newsContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const newsWire = {
  contracts: [newsContract, newsAdminContract],
} as const satisfies AreaWire;
