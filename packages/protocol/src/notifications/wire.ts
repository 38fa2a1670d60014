import { z } from 'zod';
import type { AreaWire } from '../area.ts';
import { notificationsContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const notificationsWire = {
  contracts: [notificationsContract],
  userEvents: [
    // The caller's unread notifications after one was written or read (the texts are read over
    // HTTP, in the reader's language; `latestId` is the newest notification's, null when none).
    z.object({ kind: z.literal('notice'), unread: z.number().int(), latestId: z.string().nullable() }),
  ],
} as const satisfies AreaWire;
