import { z } from 'zod';
import type { AreaWire } from '../area.ts';
import { earnAdminContract, earnContract } from './contract.ts';
import { earnSubscription } from './schemas.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const earnWire = {
  contracts: [earnContract, earnAdminContract],
  userEvents: [
    // A subscription as it changes: subscribed, redeemed (the daily job announces nothing per row).
    z.object({ kind: z.literal('earn'), subscription: earnSubscription }),
  ],
} as const satisfies AreaWire;
