import { z } from 'zod';
import type { AreaWire } from '../area.ts';
import { secondsAdminContract, secondsContract } from './contract.ts';
import { secondsOrder } from './schemas.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const secondsWire = {
  contracts: [secondsContract, secondsAdminContract],
  userEvents: [
    // A seconds contract as it changes: bought (its buy tick), settled (its settlement tick and result).
    z.object({ kind: z.literal('seconds'), order: secondsOrder }),
  ],
} as const satisfies AreaWire;
