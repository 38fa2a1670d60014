import type { AreaVocabulary } from '../area.ts';

/** News and announcements: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const newsVocabulary = {
  name: 'news',
  journalKinds: [],
  noticeKinds: [],
  errors: {
    news_not_found: 404,
    /** Every item has an English text: it is what a reader of a language the item lacks sees. */
    news_english_required: 400,
    /** A tag that names no instrument of the registry. */
    news_tag_unknown: 400,
  },
} as const satisfies AreaVocabulary;
