/** The earn area's module for the other areas: the labels of its journal kinds (balance history). */
export { earnJournalLabels } from './journalLabels.ts';
