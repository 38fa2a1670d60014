import { z } from 'zod';
import type { AreaWire } from '../area.ts';
import { chatAdminContract, chatContract } from './contract.ts';
import { chatMessage } from './schemas.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const chatWire = {
  contracts: [chatContract, chatAdminContract],
  userEvents: [
    // An operator's message as it is written, with the user's unread count after it.
    z.object({ kind: z.literal('chat'), message: chatMessage, unread: z.number().int() }),
  ],
} as const satisfies AreaWire;
