/** The exchange area's module for the other areas: the labels of its journal kinds (balance history). */
export { exchangeJournalLabels } from './journalLabels.ts';
