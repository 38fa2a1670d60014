// Written by scripts/protocol-wires.mjs (`npm run wires`) from every area folder's wire.ts: do not edit.

import { activityWire } from './activity/wire.ts';
import { adminWire } from './admin/wire.ts';
import { alertsWire } from './alerts/wire.ts';
import { authWire } from './auth/wire.ts';
import { cashierWire } from './cashier/wire.ts';
import { chatWire } from './chat/wire.ts';
import { commonWire } from './common/wire.ts';
import { devWire } from './dev/wire.ts';
import { earnWire } from './earn/wire.ts';
import { exchangeWire } from './exchange/wire.ts';
import { jurisdictionWire } from './jurisdiction/wire.ts';
import { kycWire } from './kyc/wire.ts';
import { ledgerWire } from './ledger/wire.ts';
import { loanWire } from './loan/wire.ts';
import { marketWire } from './market/wire.ts';
import { newsWire } from './news/wire.ts';
import { nftWire } from './nft/wire.ts';
import { notificationsWire } from './notifications/wire.ts';
import { positionsWire } from './positions/wire.ts';
import { proofWire } from './proof/wire.ts';
import { referralWire } from './referral/wire.ts';
import { secondsWire } from './seconds/wire.ts';
import { spotWire } from './spot/wire.ts';
import { uploadsWire } from './uploads/wire.ts';
import { usersWire } from './users/wire.ts';
import { vipWire } from './vip/wire.ts';

/** What every area puts on the wire, each area's `wire.ts`, in folder order (`wires.ts` types it). */
export const WIRE_LIST = [
  activityWire,
  adminWire,
  alertsWire,
  authWire,
  cashierWire,
  chatWire,
  commonWire,
  devWire,
  earnWire,
  exchangeWire,
  jurisdictionWire,
  kycWire,
  ledgerWire,
  loanWire,
  marketWire,
  newsWire,
  nftWire,
  notificationsWire,
  positionsWire,
  proofWire,
  referralWire,
  secondsWire,
  spotWire,
  uploadsWire,
  usersWire,
  vipWire,
] as const;
