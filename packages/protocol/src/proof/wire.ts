import type { AreaWire } from '../area.ts';
import { proofAdminContract, proofContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const proofWire = {
  contracts: [proofContract, proofAdminContract],
} as const satisfies AreaWire;
