import { formatUnits, parseUnits } from '@otc/core/money/decimal';
import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { AccountLogEntry } from '@otc/protocol/ledger/schemas';
import { cashierJournalLabels } from '../cashier/index.ts';
import { earnJournalLabels } from '../earn/index.ts';
import { exchangeJournalLabels } from '../exchange/index.ts';
import type { TKey } from '../i18n/keys.ts';
import { positionsJournalFamilies, positionsJournalLabels } from '../positions/index.ts';
import { secondsJournalFamilies, secondsJournalLabels } from '../seconds/index.ts';
import { spotJournalLabels } from '../spot/index.ts';
import { ledgerJournalLabels } from './journalLabels.ts';

/**
 * Balance history in words (issue 13): every journal kind the server writes has a label, spot's
 * movements are gathered under their order ("Buy BTC/USDT": frozen, traded, released), and a kind
 * this app does not know yet reads by its family ("Position movement") or as "Other movement",
 * never the server's code.
 */

type Labels = Readonly<Partial<Record<string, TKey>>>;
/** The labels of a list of areas joined: every area's kinds, so a kind no area labels is missing. */
type Joined<T extends readonly Labels[]> = T extends readonly [infer H, ...infer R extends readonly Labels[]]
  ? H & Joined<R>
  : unknown;

/** Joins the labels of a list of areas (the list below; the new-area proof adds its fixture's). */
export function joinLabels<const T extends readonly Labels[]>(areas: T): Joined<T> {
  return Object.assign({}, ...areas) as Joined<T>;
}

/** The areas' journal labels, one line an area (each area's `journalLabels.ts`, through its index.ts). */
export const JOURNAL_LABEL_AREAS = [
  spotJournalLabels,
  ledgerJournalLabels,
  exchangeJournalLabels,
  cashierJournalLabels,
  positionsJournalLabels,
  secondsJournalLabels,
  earnJournalLabels,
] as const;

/**
 * A label for every kind the server writes: the type makes a new protocol kind a compile error here
 * until its area labels it.
 */
const KIND_LABELS: Record<JournalKind, TKey> = joinLabels(JOURNAL_LABEL_AREAS);

/** A fill's fee, shown as its own line under the fill (see journalLines). */
const FEE_LABEL: TKey = 'assets.journal.kinds.fee';

/**
 * A kind this app does not know yet (a newer server's) reads by its family where it has one
 * ("Position movement"), else "Other movement": never the server's code.
 */
const FAMILY_LABELS: Record<string, TKey> = { ...positionsJournalFamilies, ...secondsJournalFamilies };
const OTHER_LABEL: TKey = 'assets.journal.kinds.other';

/** Every label balance history can show (the unit test checks each exists in every language). */
export const JOURNAL_LABELS: readonly TKey[] = [
  ...Object.values(KIND_LABELS),
  FEE_LABEL,
  ...Object.values(FAMILY_LABELS),
  OTHER_LABEL,
];

/** The label of a kind, by the app's list of areas' labels (or a list given, joined by joinLabels). */
export function journalKindKey(kind: string, labels: Labels = KIND_LABELS): TKey {
  const own = Object.hasOwn(labels, kind) ? labels[kind] : undefined;
  if (own) return own;
  const family = kind.split('.')[0] ?? '';
  return kind.includes('.') && Object.hasOwn(FAMILY_LABELS, family)
    ? (FAMILY_LABELS[family] as TKey)
    : OTHER_LABEL;
}

export type OrderSide = 'buy' | 'sell';

/** A row of balance history: one order's movements under its title, or one movement on its own. */
export interface JournalGroup {
  key: string;
  /** The order's side and instrument, for spot movements whose instrument the server named. */
  order: { side: OrderSide; symbol: string } | null;
  /** The label of a movement that is no order's. */
  kindKey: TKey;
  /** Newest first, as the server sends them. */
  entries: AccountLogEntry[];
}

const isSpot = (kind: string) => kind.startsWith('spot.');

/**
 * The side of the order a spot movement belongs to, from the entry alone: a buy freezes, pays and
 * gets back the quote asset and receives the base asset; a sell the other way round. In a fill,
 * what leaves the frozen balance is what the order paid.
 */
export function orderSide(entry: AccountLogEntry): OrderSide | null {
  const [base, quote] = entry.subject?.split('/') ?? [];
  if (!isSpot(entry.kind) || !base || !quote) return null;
  if (entry.asset !== base && entry.asset !== quote) return null;
  const paid = entry.kind !== 'spot.trade' || entry.field === 'frozen';
  return (entry.asset === quote) === paid ? 'buy' : 'sell';
}

/**
 * Groups a newest-first list of entries by order. A freeze or release names its order; a fill
 * names both orders ("maker/taker"), and goes under whichever of them this list has seen frozen or
 * released (an order the list has not reached yet: the fill's own row). Other movements are grouped
 * by their journal transaction (its entries on the frozen and the available balance together).
 */
export function groupJournal(entries: readonly AccountLogEntry[]): JournalGroup[] {
  const ownOrders = new Set(
    entries.filter((e) => e.kind === 'spot.freeze' || e.kind === 'spot.release').map((e) => e.reference),
  );
  const groups = new Map<string, JournalGroup>();
  for (const entry of entries) {
    const key = groupKey(entry, ownOrders);
    const side = orderSide(entry);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        order: side && entry.subject ? { side, symbol: entry.subject } : null,
        kindKey: journalKindKey(entry.kind),
        entries: [],
      };
      groups.set(key, group);
    }
    group.entries.push(entry);
  }
  return [...groups.values()];
}

function groupKey(entry: AccountLogEntry, ownOrders: Set<string | null>): string {
  if (!isSpot(entry.kind) || !entry.reference) return `journal:${entry.journalId}`;
  if (entry.kind !== 'spot.trade') return `order:${entry.reference}`;
  const own = entry.reference.split('/').find((id) => ownOrders.has(id));
  return own ? `order:${own}` : `journal:${entry.journalId}`;
}

/** What a group changed in the total balance: its entries summed exactly (frozen and released cancel out). */
export function groupNet(group: JournalGroup): string {
  return formatUnits(group.entries.reduce((sum, e) => sum + parseUnits(e.amount), 0n));
}

/** What a group holds frozen still: an open order's reservation (its net change is nothing yet). */
export function groupFrozen(group: JournalGroup): string {
  return formatUnits(
    group.entries.filter((e) => e.field === 'frozen').reduce((sum, e) => sum + parseUnits(e.amount), 0n),
  );
}

/** One line under an order in balance history. */
export interface JournalLine {
  key: string;
  labelKey: TKey;
  /** Signed change. */
  amount: string;
  field: AccountLogEntry['field'];
}

/**
 * A movement's lines under its order. The ledger posts a fill's quote net of its fee, and the
 * server names the fee inside it: the fill then reads as the trade's value and a "Fee" line below
 * it, the two summing exactly to the movement (what is charged is shown, PRODUCT.md invariant 5).
 */
export function journalLines(entry: AccountLogEntry): JournalLine[] {
  const line = {
    key: entry.id,
    labelKey: journalKindKey(entry.kind),
    amount: entry.amount,
    field: entry.field,
  };
  if (entry.fee === null) return [line];
  const fee = parseUnits(entry.fee);
  return [
    { ...line, amount: formatUnits(parseUnits(entry.amount) + fee) },
    { ...line, key: `${entry.id}:fee`, labelKey: FEE_LABEL, amount: formatUnits(-fee) },
  ];
}
