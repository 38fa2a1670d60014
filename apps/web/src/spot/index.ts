/** The spot area's module for the other areas: the labels of its journal kinds (balance history). */
export { spotJournalLabels } from './journalLabels.ts';
