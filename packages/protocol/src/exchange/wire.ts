import type { AreaWire } from '../area.ts';
import { exchangeContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const exchangeWire = {
  contracts: [exchangeContract],
} as const satisfies AreaWire;
