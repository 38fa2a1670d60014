import type { AreaWire } from '../area.ts';
import { securityContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const securityWire = {
  contracts: [securityContract],
} as const satisfies AreaWire;
