import { accountTexts } from './account/texts.ts';
import { auditTexts } from './audit/texts.ts';
import { authTexts } from './auth/texts.ts';
import { cashierTexts } from './cashier/texts.ts';
import { jobsTexts } from './jobs/texts.ts';
import { kycTexts } from './kyc/texts.ts';
import { ledgerTexts } from './ledger/texts.ts';
import { marketTexts } from './market/texts.ts';
import { operatorsTexts } from './operators/texts.ts';
import { outboxTexts } from './outbox/texts.ts';
import { positionsTexts } from './positions/texts.ts';
import { secondsTexts } from './seconds/texts.ts';
import { usersTexts } from './users/texts.ts';
import { vipTexts } from './vip/texts.ts';

/**
 * The back office's own strings (the shell's); each area's are in its folder's `texts.ts`. The
 * back office is English only (an operators' tool); the strings live apart from the pages so they
 * can be reviewed and translated later if ever needed.
 */
const shellTexts = {
  appName: 'OTC Markets Admin',
  brand: 'OTC Markets',
  brandSuffix: 'Admin',

  common: {
    loading: 'Loading…',
    retry: 'Retry',
    refresh: 'Refresh',
    search: 'Search',
    clear: 'Clear',
    cancel: 'Cancel',
    none: '—',
    all: 'All',
    updatedAt: (time: string) => `Updated ${time}`,
  },

  errors: {
    network: 'Cannot reach the server. Check your connection and try again.',
    badResponse: (status: number) => `The server sent an unexpected response (HTTP ${status}).`,
    generic: 'Something went wrong. Please try again.',
    sessionCheck: 'Could not load your operator session.',
  },

  layout: {
    changePassword: 'Change password',
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    signedInAs: 'Signed in as',
  },

  roles: {
    admin: 'Admin',
    reviewer: 'Reviewer',
    support: 'Support',
  },

  pagination: {
    prev: 'Previous',
    next: 'Next',
    range: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
    empty: '0 results',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },

  notFound: 'Page not found.',
} as const;

/** Every string the admin UI shows: the shell's and, under the same keys as ever, each area's (one line each). */
export const texts = {
  ...shellTexts,
  ...authTexts,
  ...usersTexts,
  ...kycTexts,
  ...cashierTexts,
  ...outboxTexts,
  ...ledgerTexts,
  ...marketTexts,
  ...vipTexts,
  ...positionsTexts,
  ...secondsTexts,
  ...jobsTexts,
  ...auditTexts,
  ...operatorsTexts,
  ...accountTexts,
} as const;
