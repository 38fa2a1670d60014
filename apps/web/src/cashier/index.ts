/** The funding area's module for the other areas: the labels of its journal kinds (balance history). */
export { cashierJournalLabels } from './journalLabels.ts';
