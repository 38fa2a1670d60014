import { activityPages } from '../activity/pages.ts';
import { authPages } from '../auth/pages.ts';
import { cashierPages } from '../cashier/pages.ts';
import { cfdPages } from '../cfd/pages.ts';
import { contentPages } from '../content/pages.ts';
import { earnPages } from '../earn/pages.ts';
import { exchangePages } from '../exchange/pages.ts';
import { homePages } from '../home/pages.ts';
import { kycPages } from '../kyc/pages.ts';
import { ledgerPages } from '../ledger/pages.ts';
import { loanPages } from '../loan/pages.ts';
import { locationPages } from '../location/pages.ts';
import { marketPages } from '../market/pages.ts';
import { notificationsPages } from '../notifications/pages.ts';
import { perpPages } from '../perp/pages.ts';
import { positionsPages } from '../positions/pages.ts';
import { proofPages } from '../proof/pages.ts';
import { referralPages } from '../referral/pages.ts';
import { secondsPages } from '../seconds/pages.ts';
import { spotPages } from '../spot/pages.ts';
import { supportPages } from '../support/pages.ts';
import { usersPages } from '../users/pages.ts';
import { vipPages } from '../vip/pages.ts';
import type { AreaPages } from './route.ts';

export { homePage } from '../home/pages.ts';

/**
 * The one list of the areas' pages (each area's `pages.ts`): the page of each route of the table
 * (app/routes.ts), loaded when first visited. app/routes.test.ts checks that the two name the same
 * paths.
 */
export const AREA_PAGES: readonly AreaPages[] = [
  homePages,
  marketPages,
  authPages,
  cfdPages,
  contentPages,
  secondsPages,
  perpPages,
  spotPages,
  positionsPages,
  ledgerPages,
  cashierPages,
  usersPages,
  notificationsPages,
  kycPages,
  referralPages,
  exchangePages,
  activityPages,
  loanPages,
  supportPages,
  locationPages,
  earnPages,
  vipPages,
  proofPages,
];

export const PAGES: AreaPages = Object.assign({}, ...AREA_PAGES);
