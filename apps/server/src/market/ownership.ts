import { advisoryOwnership, type Ownership } from '../db/ownership.ts';

/** One feed for the whole platform: the process holding this lock runs it (see `advisoryOwnership`). */
export type FeedOwnership = Ownership;

export const feedOwnership = (databaseUrl: string | undefined, retryMs = 5000): FeedOwnership =>
  advisoryOwnership(databaseUrl, 'market-feed', retryMs);
