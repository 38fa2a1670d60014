/** The positions area's module for the other areas: the labels of its journal kinds (balance history). */
export { positionsJournalFamilies, positionsJournalLabels } from './journalLabels.ts';
