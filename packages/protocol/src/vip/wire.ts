import type { AreaWire } from '../area.ts';
import { vipAdminContract, vipContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const vipWire = {
  contracts: [vipContract, vipAdminContract],
} as const satisfies AreaWire;
