import type { AreaWire } from '../area.ts';
import { jurisdictionAdminContract, jurisdictionContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const jurisdictionWire = {
  contracts: [jurisdictionContract, jurisdictionAdminContract],
} as const satisfies AreaWire;
