import type { AreaVocabulary } from '../area.ts';

/** VIP fee levels: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const vipVocabulary = {
  name: 'vip',
  errors: {
    vip_schedule_levels: 400,
    vip_base_volume: 400,
    vip_multiplier_range: 400,
    vip_volume_order: 400,
  },
} as const satisfies AreaVocabulary;
