import { formatUnits, parseUnits } from '@otc/core/money/decimal';
import type { AccountLogEntry } from '@otc/protocol/ledger/schemas';
import type { JournalLabels } from '../app/area.ts';
import type { TKey } from '../i18n/keys.ts';

/**
 * Balance history in words (issue 13): every journal kind the server writes has a label (each area
 * declares its own in its `journalLabels.ts`, joined by app/areas.ts), spot's movements are
 * gathered under their order ("Buy BTC/USDT": frozen, traded, released), and a kind this app does
 * not know yet reads by its family ("Position movement") or as "Other movement", never the
 * server's code.
 */

/** A fill's fee, shown as its own line under the fill (see journalLines). */
const FEE_LABEL: TKey = 'assets.journal.kinds.fee';

const OTHER_LABEL: TKey = 'assets.journal.kinds.other';

/** Every label balance history can show with these labels (the unit test checks each exists in every language). */
export function journalLabelKeys(labels: JournalLabels): TKey[] {
  return [...Object.values(labels.kinds), FEE_LABEL, ...Object.values(labels.families), OTHER_LABEL];
}

/**
 * The label of a kind: its area's, else, for a kind this app does not know yet (a newer server's),
 * its family's where it has one ("Position movement"), else "Other movement".
 */
export function journalKindKey(kind: string, labels: JournalLabels): TKey {
  const own = Object.hasOwn(labels.kinds, kind) ? labels.kinds[kind] : undefined;
  if (own) return own;
  const family = kind.split('.')[0] ?? '';
  return kind.includes('.') && Object.hasOwn(labels.families, family)
    ? (labels.families[family] as TKey)
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
export function groupJournal(entries: readonly AccountLogEntry[], labels: JournalLabels): JournalGroup[] {
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
        kindKey: journalKindKey(entry.kind, labels),
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
export function journalLines(entry: AccountLogEntry, labels: JournalLabels): JournalLine[] {
  const line = {
    key: entry.id,
    labelKey: journalKindKey(entry.kind, labels),
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
