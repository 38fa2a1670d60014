import type { AreaWire } from '../area.ts';
import { kycAdminContract, kycContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const kycWire = {
  contracts: [kycContract, kycAdminContract],
} as const satisfies AreaWire;
