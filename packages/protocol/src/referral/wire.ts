import type { AreaWire } from '../area.ts';
import { referralContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const referralWire = {
  contracts: [referralContract],
} as const satisfies AreaWire;
