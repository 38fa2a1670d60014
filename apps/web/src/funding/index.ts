/** The funding area's module for the other areas: the labels of its journal kinds (balance history). */
export { fundingJournalLabels } from './journalLabels.ts';
