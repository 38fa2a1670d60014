import { z } from 'zod';
import type { AreaWire } from '../area.ts';
import { ledgerAdminContract, ledgerContract } from './contract.ts';
import { amountText, userAccountKind } from './schemas.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const ledgerWire = {
  contracts: [ledgerContract, ledgerAdminContract],
  userEvents: [
    // The caller's balance after every movement.
    z.object({
      kind: z.literal('balance'),
      account: userAccountKind,
      asset: z.string(),
      available: amountText,
      frozen: amountText,
    }),
  ],
} as const satisfies AreaWire;
