import type { AreaVocabulary } from '../area.ts';

/** The support chat (decision 0129): what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const chatVocabulary = {
  name: 'chat',
  errors: {
    chat_empty: 400,
    chat_too_long: 400,
    /** Too many messages in a short time (core's floodAllows): wait a few seconds. */
    chat_flood: 429,
    chat_unknown: 404,
    chat_image: 400,
    /** An operator acting on a conversation another operator holds. */
    chat_not_yours: 409,
    chat_closed: 409,
    /** A guest's device token that is not one the web makes. */
    chat_device: 400,
  },
  userEventFields: {
    chat: 'message',
  },
} as const satisfies AreaVocabulary;
