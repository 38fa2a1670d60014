import type { AreaWire } from '../area.ts';
import { uploadAdminContract, uploadContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const uploadsWire = {
  contracts: [uploadContract, uploadAdminContract],
} as const satisfies AreaWire;
