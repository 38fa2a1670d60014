import { z } from 'zod';
import type { AreaWire } from '../area.ts';
import { positionsAdminContract } from './admin.ts';
import { perpContract, stockContract } from './contract.ts';
import { position, positionOrder } from './schemas.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const positionsWire = {
  contracts: [perpContract, stockContract, positionsAdminContract],
  userEvents: [
    // A position opened, changed or closed.
    z.object({ kind: z.literal('position'), position }),
    // A position order's new state.
    z.object({ kind: z.literal('positionOrder'), order: positionOrder }),
  ],
} as const satisfies AreaWire;
