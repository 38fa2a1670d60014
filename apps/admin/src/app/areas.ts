import { accountArea } from '../account/index.ts';
import { activityArea } from '../activity/index.ts';
import { auditArea } from '../audit/index.ts';
import { authArea } from '../auth/index.ts';
import { cashierArea } from '../cashier/index.ts';
import { chatArea } from '../chat/index.ts';
import { earnArea } from '../earn/index.ts';
import { jobsArea } from '../jobs/index.ts';
import { jurisdictionArea } from '../jurisdiction/index.ts';
import { kycArea } from '../kyc/index.ts';
import { ledgerArea } from '../ledger/index.ts';
import { loanArea } from '../loan/index.ts';
import { marketArea } from '../market/index.ts';
import { newsArea } from '../news/index.ts';
import { nftArea } from '../nft/index.ts';
import { operatorsArea } from '../operators/index.ts';
import { outboxArea } from '../outbox/index.ts';
import { positionsArea } from '../positions/index.ts';
import { referralArea } from '../referral/index.ts';
import { secondsArea } from '../seconds/index.ts';
import { usersArea } from '../users/index.ts';
import { vipArea } from '../vip/index.ts';
import type { AdminArea } from './area.ts';

/**
 * The one list of the back office's areas (each area's `index.ts`), one line an area: the router
 * takes their pages and the layout their navigation entries, in this order. An area's strings come
 * with it (its folder's `texts.ts`, read by its pages), so nothing else names it.
 */
export const AREAS: readonly AdminArea[] = [
  usersArea,
  kycArea,
  cashierArea,
  outboxArea,
  ledgerArea,
  marketArea,
  vipArea,
  referralArea,
  positionsArea,
  secondsArea,
  jurisdictionArea,
  activityArea,
  earnArea,
  loanArea,
  nftArea,
  newsArea,
  chatArea,
  jobsArea,
  auditArea,
  operatorsArea,
  accountArea,
  authArea,
];
