import { z } from 'zod';
import type { AreaWire } from '../area.ts';
import { addressContract } from './address/contract.ts';
import { bankDepositAdminContract, bankDepositContract } from './bank/contract.ts';
import { bankDeposit } from './bank/schemas.ts';
import { chainStatusContract } from './chain/contract.ts';
import { depositAdminContract, depositContract } from './deposit/contract.ts';
import { depositRecord } from './deposit/schemas.ts';
import { withdrawalAdminContract, withdrawalContract } from './withdrawal/contract.ts';
import { withdrawal } from './withdrawal/schemas.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const cashierWire = {
  contracts: [
    depositContract,
    depositAdminContract,
    chainStatusContract,
    bankDepositContract,
    bankDepositAdminContract,
    addressContract,
    withdrawalContract,
    withdrawalAdminContract,
  ],
  userEvents: [
    // A withdrawal after each status move: requested, approved, rejected, waiting for funds, sent,
    // completed, failed; the records follow it without a reload.
    z.object({ kind: z.literal('withdrawal'), withdrawal }),
    // A chain deposit after each move: seen (pending, or below the minimum), each new confirmation
    // count, credited, dropped by a reorg; as the deposit records call answers it.
    z.object({ kind: z.literal('deposit'), deposit: depositRecord }),
    // A bank deposit after each move: submitted (pending), approved, rejected. A kind of its own: its
    // record is another shape (reference, reason, no chain) and another list on the web.
    z.object({ kind: z.literal('bankDeposit'), deposit: bankDeposit }),
  ],
} as const satisfies AreaWire;
