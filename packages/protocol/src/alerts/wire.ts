import type { AreaWire } from '../area.ts';
import { alertsContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`); a met alert reaches the user as a notice. */
export const alertsWire = {
  contracts: [alertsContract],
} as const satisfies AreaWire;
