import type { AreaWire } from '../area.ts';
import { devContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const devWire = {
  contracts: [devContract],
} as const satisfies AreaWire;
