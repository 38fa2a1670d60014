import type { AreaWire } from '../area.ts';
import { nftAdminContract, nftContract } from './contract.ts';

/** What the area puts on the wire (listed in `wires.ts`). */
export const nftWire = {
  contracts: [nftContract, nftAdminContract],
} as const satisfies AreaWire;
