/** The back office's texts of the agent levels (read by its pages; the shell's own are in `src/texts.ts`). */
export const referralTexts = {
  agents: {
    /** Its entry in the navigation. */
    nav: 'Agent levels',
    title: 'Agent levels',
    subtitle:
      'LV1 to LV5: the rebate ratio of each level and what reaching and keeping it asks (valid members, team daily volume in USDT). Referrers are evaluated every day after midnight (UTC).',
    defaultRatio: (ratio: string) => `A referrer with no level earns ${ratio} of its referees’ fees.`,
    adminOnlyHint: 'Only operators with the admin role can edit the schedule.',
    edit: 'Edit schedule',
    columns: {
      level: 'Level',
      ratio: 'Ratio',
      upgrade: 'Reach: members / daily volume',
      maintain: 'Keep: members / daily volume',
      agents: 'Agents',
      updatedAt: 'Last edited',
    },
    levelName: (level: number) => `LV${level}`,
    condition: (members: number, volume: string) => `${members} / ${volume}`,
    empty: 'No levels.',
    editTitle: 'Edit the agent schedule',
    editHint:
      'Ratios are fractions: 0.2 is 20%. Decimals use a dot, at most 8 places. Keeping a level cannot ask more than reaching it; each level asks and pays at least the one below. Saved together and audited; applied from the next day evaluated.',
    fields: {
      defaultRatio: 'Default ratio (no level)',
      ratio: 'Ratio',
      upgradeMembers: 'Members to reach',
      upgradeVolume: 'Daily volume to reach (USDT)',
      maintainMembers: 'Members to keep',
      maintainVolume: 'Daily volume to keep (USDT)',
    },
    save: 'Save schedule',
    saving: 'Saving…',
    savedNotice: 'The agent schedule has been saved.',
    errors: {
      decimal: 'Enter a decimal number of zero or more, with at most 8 places, e.g. 0.25.',
      members: 'Enter a whole number of zero or more.',
    },
  },
} as const;
