import type { AreaWire } from '../area.ts';
import { authContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const authWire = {
  contracts: [authContract],
} as const satisfies AreaWire;
