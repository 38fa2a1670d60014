/** The seconds area's module for the other areas: the labels of its journal kinds (balance history). */
export { secondsJournalFamilies, secondsJournalLabels } from './journalLabels.ts';
