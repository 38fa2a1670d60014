import type { TKey } from '../i18n/keys.ts';
import type { AreaPages, RouteMeta } from './route.ts';

type Labels = Readonly<Record<string, TKey>>;

/**
 * What an area's `journalLabels.ts` exports: the label of each journal kind the area writes
 * (balance history), and the label of its families, for a kind of theirs this app does not know
 * yet (a newer server's).
 */
export interface AreaJournal {
  labels: Labels;
  families?: Labels;
}

/**
 * An area as the web app sees it, declared in its `area.ts` and listed once in `app/areas.ts`: its
 * routes (path, title key, guard, tab, with `open`/`guarded`), the page of each, loaded when first
 * visited, and its journal kinds' labels, loaded when balance history first needs them (so neither
 * lands in the first route).
 */
export interface WebArea {
  routes: readonly RouteMeta[];
  pages: AreaPages;
  journal?: () => Promise<AreaJournal>;
}

/** Balance history's labels, every listed area's joined. */
export interface JournalLabels<Kinds = Labels> {
  kinds: Kinds;
  families: Labels;
}

/** The kinds a list of areas labels, as a type: a kind no area of the list labels is missing from it. */
export type KindsOf<T extends readonly WebArea[]> = T extends readonly [
  infer H,
  ...infer R extends readonly WebArea[],
]
  ? (H extends { journal: () => Promise<{ labels: infer L }> } ? L : unknown) & KindsOf<R>
  : unknown;

/** Loads and joins the journal labels of a list of areas (the app's; the new-area proof adds its fixture's). */
export async function loadJournals<const T extends readonly WebArea[]>(
  areas: T,
): Promise<JournalLabels<KindsOf<T>>> {
  const loaded = await Promise.all(areas.flatMap((area) => (area.journal ? [area.journal()] : [])));
  return {
    kinds: Object.assign({}, ...loaded.map((journal) => journal.labels)),
    families: Object.assign({}, ...loaded.map((journal) => journal.families ?? {})),
  };
}
