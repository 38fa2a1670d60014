/**
 * The market's screens that product areas show (a list with its tabs and stars, an instrument page,
 * a picker), apart from
 * ./index.ts: re-exported from there, they would join the first route's chunks (7 KB gzipped).
 */
export { ChartPanel } from './ChartPanel.tsx';
export { useFavorites } from './favorites.ts';
export { CFD_TABS, findTab } from './filters.ts';
export { InstrumentDetail } from './InstrumentDetail.tsx';
export { PickerPage } from './PickerPage.tsx';
export { QuoteList } from './QuoteList.tsx';
