import type { AreaWire } from '../area.ts';
import { referralAdminContract, referralContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const referralWire = {
  contracts: [referralContract, referralAdminContract],
} as const satisfies AreaWire;
