import type { AreaWire } from '../area.ts';
import { usersContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const usersWire = {
  contracts: [usersContract],
} as const satisfies AreaWire;
