import type { InstrumentClassName } from '@otc/protocol/market/constants';
import type { Instrument } from '@otc/protocol/market/schemas';
import type { TKey } from '../i18n/keys.ts';

export interface ListTab<Id extends string = string> {
  id: Id;
  label: TKey;
  match: (instrument: Instrument) => boolean;
}

const cfdOf = (cls: InstrumentClassName) => (i: Instrument) => i.kind === 'cfd' && i.class === cls;

/** The Markets tabs (favourites are matched by the page). */
export const QUOTE_TABS: readonly ListTab[] = [
  { id: 'favorites', label: 'market.tabs.favorites', match: () => false },
  { id: 'crypto', label: 'market.tabs.crypto', match: (i) => i.kind === 'spot' && i.class === 'crypto' },
  { id: 'perpetuals', label: 'market.tabs.perpetuals', match: (i) => i.kind === 'perp' },
  { id: 'stocks', label: 'market.tabs.stocks', match: cfdOf('stock') },
  { id: 'forex', label: 'market.tabs.forex', match: cfdOf('forex') },
  { id: 'metals', label: 'market.tabs.metals', match: cfdOf('metal') },
  { id: 'commodities', label: 'market.tabs.commodities', match: cfdOf('commodity') },
];

/** The CFD list's tabs: one per class. */
export const CFD_TABS: readonly ListTab[] = [
  { id: 'stock', label: 'market.tabs.stocks', match: cfdOf('stock') },
  { id: 'forex', label: 'market.tabs.forex', match: cfdOf('forex') },
  { id: 'metal', label: 'market.tabs.metals', match: cfdOf('metal') },
  { id: 'commodity', label: 'market.tabs.commodities', match: cfdOf('commodity') },
  { id: 'crypto', label: 'market.tabs.crypto', match: cfdOf('crypto') },
];

export function findTab(tabs: readonly ListTab[], id: string | null, fallback: string): ListTab {
  return tabs.find((t) => t.id === id) ?? (tabs.find((t) => t.id === fallback) as ListTab);
}
