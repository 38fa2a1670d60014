import type { AreaWire } from '../area.ts';
import { adminContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const adminWire = {
  contracts: [adminContract],
} as const satisfies AreaWire;
