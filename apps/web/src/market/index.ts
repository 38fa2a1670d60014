/**
 * The market area's module for the other areas (docs/ARCHITECTURE.md, "Layers and the rules between areas"): live prices and
 * the instrument list, light enough for the first route. Its screens are in ./screens.ts.
 */
export { useInstruments } from './instruments.ts';
export { Change, LivePrice } from './LivePrice.tsx';
export { marketApi, marketKeys } from './marketApi.ts';
export { topByVolume } from './sort.ts';
export { type TickerMap, useTicker, useTickers } from './tickers.ts';
