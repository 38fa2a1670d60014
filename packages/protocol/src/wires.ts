import type { AreaWire } from './area.ts';
import { WIRE_LIST } from './wire-list.ts';

/**
 * What the areas put on the wire (each area's `wire.ts`, found and listed in `wire-list.ts` by
 * `npm run wires`; lint fails on a stale list): every contract (the contract test checks each is
 * served, guarded and documented as it says) and the user channel's events (`socket/schemas.ts`
 * joins them into one union). The words the schemas name are in `areas.ts`, below the schemas.
 */
export const WIRES = WIRE_LIST satisfies readonly AreaWire[];

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
