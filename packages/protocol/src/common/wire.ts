import type { AreaWire } from '../area.ts';
import { commonContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const commonWire = {
  contracts: [commonContract],
} as const satisfies AreaWire;
