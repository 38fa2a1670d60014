import type { AreaVocabulary } from '../area.ts';

/** Uploaded images: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const uploadsVocabulary = {
  name: 'uploads',
  errors: {
    upload_type_unsupported: 400,
    upload_too_large: 400,
    upload_invalid_image: 400,
    upload_too_many_pixels: 400,
    upload_not_found: 404,
  },
} as const satisfies AreaVocabulary;
