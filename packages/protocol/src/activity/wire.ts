import type { AreaWire } from '../area.ts';
import { activityAdminContract, activityContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const activityWire = {
  contracts: [activityContract, activityAdminContract],
} as const satisfies AreaWire;
