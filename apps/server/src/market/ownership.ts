import { advisoryOwnership, type Ownership, type OwnershipOptions } from '../db/ownership.ts';

/** One feed for the whole platform: the process holding this lock runs it (see `advisoryOwnership`). */
export type FeedOwnership = Ownership;

export const feedOwnership = (databaseUrl: string | undefined, options: OwnershipOptions): FeedOwnership =>
  advisoryOwnership(databaseUrl, 'market-feed', options);
