import { type AreaWord, wordsOf } from '../areas.ts';

/**
 * Every kind of journal transaction the server writes, each declared by the area that writes it
 * (its `area.ts`, listed in `areas.ts`): the ledger's postings are typed by it, and the web's
 * balance history gives each one a label in every language (its unit test reads this list).
 * Zod-free, so the web's pages can import it.
 */
export const JOURNAL_KINDS = wordsOf('journalKinds');
export type JournalKind = AreaWord<'journalKinds'>;
