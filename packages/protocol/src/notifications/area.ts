import type { AreaVocabulary } from '../area.ts';

/**
 * Each user's inbox: what the area adds to the shared vocabularies (listed in `areas.ts`). The
 * notice kinds are the areas' that write them; this one sends the unread count.
 */
export const notificationsVocabulary = {
  name: 'notifications',
  userEventFields: {
    notice: 'unread',
  },
} as const satisfies AreaVocabulary;
