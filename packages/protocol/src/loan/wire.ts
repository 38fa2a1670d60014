import { z } from 'zod';
import type { AreaWire } from '../area.ts';
import { loanAdminContract, loanContract } from './contract.ts';
import { loan } from './schemas.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const loanWire = {
  contracts: [loanContract, loanAdminContract],
  userEvents: [
    // A loan as it changes: applied, approved or rejected, repaid, collateral added, liquidated.
    z.object({ kind: z.literal('loan'), loan }),
  ],
} as const satisfies AreaWire;
