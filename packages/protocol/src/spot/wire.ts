import { z } from 'zod';
import type { AreaWire } from '../area.ts';
import { spotContract } from './contract.ts';
import { spotOrder } from './schemas.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const spotWire = {
  contracts: [spotContract],
  userEvents: [
    // The caller's order as it changes.
    z.object({ kind: z.literal('order'), order: spotOrder }),
  ],
} as const satisfies AreaWire;
