import type { AreaWire } from '../area.ts';
import { marketAdminContract, marketContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const marketWire = {
  contracts: [marketContract, marketAdminContract],
} as const satisfies AreaWire;
