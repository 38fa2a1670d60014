import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import { activityArea } from '../activity/area.ts';
import { alertsArea } from '../alerts/area.ts';
import { authArea } from '../auth/area.ts';
import { cashierArea } from '../cashier/area.ts';
import { cfdArea } from '../cfd/area.ts';
import { chatArea } from '../chat/area.ts';
import { earnArea } from '../earn/area.ts';
import { exchangeArea } from '../exchange/area.ts';
import { homeArea } from '../home/area.ts';
import type { TKey } from '../i18n/keys.ts';
import { kycArea } from '../kyc/area.ts';
import { ledgerArea } from '../ledger/area.ts';
import { loanArea } from '../loan/area.ts';
import { locationArea } from '../location/area.ts';
import { marketArea } from '../market/area.ts';
import { newsArea } from '../news/area.ts';
import { nftArea } from '../nft/area.ts';
import { notificationsArea } from '../notifications/area.ts';
import { perpArea } from '../perp/area.ts';
import { positionsArea } from '../positions/area.ts';
import { proofArea } from '../proof/area.ts';
import { referralArea } from '../referral/area.ts';
import { secondsArea } from '../seconds/area.ts';
import { spotArea } from '../spot/area.ts';
import { usersArea } from '../users/area.ts';
import { vipArea } from '../vip/area.ts';
import { type JournalLabels, loadJournals, type WebArea } from './area.ts';
import type { AreaPages, RouteMeta } from './route.ts';
import { routeFinder } from './routes.ts';
import type { AppAreas } from './useAreas.ts';

export { homePage } from '../home/area.ts';

/**
 * The one list of the web app's areas (each area's `area.ts`), one line an area: every route of
 * seed §2 and the titled screens PRODUCT.md gives routes of their own, their lazy pages, and the
 * journal kinds' labels. Pages read it through `useAreas()` (App.tsx gives it), never by import.
 */
export const AREAS = [
  homeArea,
  marketArea,
  authArea,
  cfdArea,
  newsArea,
  secondsArea,
  perpArea,
  spotArea,
  positionsArea,
  ledgerArea,
  cashierArea,
  usersArea,
  notificationsArea,
  kycArea,
  referralArea,
  exchangeArea,
  activityArea,
  loanArea,
  chatArea,
  locationArea,
  earnArea,
  alertsArea,
  vipArea,
  proofArea,
  nftArea,
] as const satisfies readonly WebArea[];

export const ROUTES: readonly RouteMeta[] = AREAS.flatMap((area) => area.routes);

/** The page of each route of the table (app/routes.test.ts checks that the two name the same paths). */
export const PAGES: AreaPages = Object.assign({}, ...AREAS.map((area) => area.pages));

export const findRoute = routeFinder(ROUTES);

/** The labels the type requires: a kind the protocol declares and no listed area labels fails to compile here. */
const loadLabels = (): Promise<JournalLabels<Record<JournalKind, TKey>>> => loadJournals(AREAS);

let labels: Promise<JournalLabels> | undefined;

/** Every area's journal labels, loaded once; a failed load is tried again when next asked for. */
export function journalLabels(): Promise<JournalLabels> {
  labels ??= loadLabels().catch((error: unknown) => {
    labels = undefined;
    throw error;
  });
  return labels;
}

/** What the app's root gives its pages (app/useAreas.ts). */
export const APP_AREAS: AppAreas = { findRoute, journalLabels };
