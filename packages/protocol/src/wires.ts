import { activityWire } from './activity/wire.ts';
import { adminWire } from './admin/wire.ts';
import type { AreaWire } from './area.ts';
import { authWire } from './auth/wire.ts';
import { cashierWire } from './cashier/wire.ts';
import { commonWire } from './common/wire.ts';
import { devWire } from './dev/wire.ts';
import { earnWire } from './earn/wire.ts';
import { exchangeWire } from './exchange/wire.ts';
import { kycWire } from './kyc/wire.ts';
import { ledgerWire } from './ledger/wire.ts';
import { loanWire } from './loan/wire.ts';
import { marketWire } from './market/wire.ts';
import { nftWire } from './nft/wire.ts';
import { notificationsWire } from './notifications/wire.ts';
import { positionsWire } from './positions/wire.ts';
import { proofWire } from './proof/wire.ts';
import { secondsWire } from './seconds/wire.ts';
import { spotWire } from './spot/wire.ts';
import { uploadsWire } from './uploads/wire.ts';
import { usersWire } from './users/wire.ts';
import { vipWire } from './vip/wire.ts';

/**
 * The one list of what the areas put on the wire (each area's `wire.ts`): every contract (the
 * contract test checks each is served, guarded and documented as it says) and the user channel's
 * events (`socket/schemas.ts` joins them into one union). The words the schemas name are in
 * `areas.ts`, below the schemas.
 */
export const WIRES = [
  authWire,
  usersWire,
  adminWire,
  ledgerWire,
  exchangeWire,
  proofWire,
  commonWire,
  devWire,
  uploadsWire,
  notificationsWire,
  kycWire,
  cashierWire,
  marketWire,
  vipWire,
  spotWire,
  positionsWire,
  secondsWire,
  earnWire,
  nftWire,
  activityWire,
  loanWire,
] as const satisfies readonly AreaWire[];

/** Every contract of the protocol. */
export const CONTRACTS = WIRES.flatMap((w: AreaWire) => w.contracts);

/** Every kind of event on the user channel, as the areas of a list (`WIRES` by default) declare them: a union of object schemas. */
export type UserEventSchema<L extends readonly AreaWire[] = typeof WIRES> = L[number] extends infer W
  ? W extends { readonly userEvents: readonly (infer E)[] }
    ? E
    : never
  : never;

/** The user-event schemas of a list's areas (`WIRES` by default), in its order: what the union joins. */
export function userEventsOf<L extends readonly AreaWire[] = typeof WIRES>(
  list: L = WIRES as unknown as L,
): readonly [UserEventSchema<L>, ...UserEventSchema<L>[]] {
  return list.flatMap((w) => w.userEvents ?? []) as unknown as [UserEventSchema<L>, ...UserEventSchema<L>[]];
}

/** Every area's user-event schemas, in the list's order. */
export const USER_EVENTS = userEventsOf();
