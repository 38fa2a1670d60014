/** The back office's texts of the VIP levels (read by its pages; the shell's own are in `src/texts.ts`). */
export const vipTexts = {
  vip: {
    /** Its entry in the navigation. */
    nav: 'VIP levels',
    title: 'VIP levels',
    subtitle:
      'VIP0 to VIP5 by 30-day spot volume. A level multiplies every spot fee rate; users are placed hourly and at once after an edit.',
    computedAt: (time: string) => `Levels last worked out ${time}`,
    neverComputed: 'Levels have not been worked out yet.',
    adminOnlyHint: 'Only operators with the admin role can edit the schedule.',
    edit: 'Edit schedule',
    columns: {
      level: 'Level',
      minVolume: 'Minimum 30-day volume (USDT)',
      feeMultiplier: 'Fee multiplier',
      discount: 'Fee discount',
      users: 'Users',
      updatedAt: 'Last edited',
    },
    levelName: (level: number) => `VIP${level}`,
    percent: (value: string) => `${value}%`,
    empty: 'No levels.',
    editTitle: 'Edit the VIP schedule',
    editHint:
      'Decimals use a dot. A multiplier is a fraction of the instrument fee: 0.9 is 10% off. Every level is saved together and audited.',
    baseVolumeFixed: 'Everyone starts at VIP0: its minimum is always 0.',
    save: 'Save schedule',
    saving: 'Saving…',
    savedNotice: 'The VIP schedule has been saved and users placed by it.',
    noChanges: 'Nothing has changed.',
    errors: {
      decimal: 'Enter a decimal number of zero or more, e.g. 50000.',
      multiplier: 'Must be more than 0 and at most 1.',
      order: (previous: number) => `Must be higher than the minimum of VIP${previous}.`,
    },
  },
} as const;
