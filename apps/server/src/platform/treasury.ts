import type { OwedAmount } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';

/** The window of a treasury-exposure question: one realm, from now until a moment ahead. */
export interface TreasuryWindow {
  realm: Realm;
  now: Date;
  until: Date;
}

/**
 * What an area has promised to pay out of a realm's treasury between `now` and `until` (earn: the
 * yield of the days that end by then; activity: the bonuses of bookings that may still be
 * fulfilled): rows of its own source name, asset and amount, exact. An area answers a row (0 if
 * nothing is owed) for each asset it pays in, so the exposure names every source. Pure queries
 * over its own tables, so the back office asks every listed area without building the app twice
 * (`areas.ts`, `treasuryOwedOf`; decision 0126).
 */
export type TreasuryOwed = (q: Queryable, window: TreasuryWindow) => Promise<OwedAmount[]>;
