import type { Instrument } from '@otc/protocol/market/schemas';
import type { TKey } from '../i18n/keys.ts';

const CFD_TITLES = {
  crypto: 'market.title.cryptoCfd',
  stock: 'market.title.stockCfd',
  forex: 'market.title.forexCfd',
  metal: 'market.title.metalCfd',
  commodity: 'market.title.commodityCfd',
} as const satisfies Record<Instrument['class'], TKey>;

/** What an instrument page is titled: by what the instrument is (a spot pair is no contract). */
export function instrumentTitle(instrument: Pick<Instrument, 'kind' | 'class'>): TKey {
  if (instrument.kind === 'spot') return 'market.spot';
  if (instrument.kind === 'perp') return 'market.title.perp';
  return CFD_TITLES[instrument.class];
}
