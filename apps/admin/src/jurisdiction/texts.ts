/** The back office's texts of the rules by country (read by its pages; the shell's own are in `src/texts.ts`). */
export const jurisdictionTexts = {
  jurisdiction: {
    nav: 'Rules by country',
    title: 'Rules by country',
    subtitle:
      "A user's country is their verified nationality, or their phone's before verification; a country without a profile has the platform's own rules. Demo accounts are not bound.",
    adminOnlyHint: 'Only operators with the admin role can change the profiles.',
    create: 'Add a country',
    edit: 'Edit',
    remove: 'Delete',
    confirmRemove: (country: string) =>
      `Delete the profile of ${country}? The platform's own rules apply there again.`,
    empty: 'No profiles: every country has the platform’s own rules.',
    columns: {
      country: 'Country',
      seconds: 'Seconds contracts',
      caps: 'Leverage caps',
      bonuses: 'CFD deposit bonuses',
      actions: '',
    },
    on: 'Offered',
    off: 'Off',
    noCaps: 'None beyond the instruments’ own',
    classes: {
      majorFx: 'Major forex',
      otherFx: 'Other forex',
      goldIndex: 'Gold and indices',
      otherCommodity: 'Other commodities',
      stock: 'Stocks',
      crypto: 'Crypto',
    },
    form: {
      titleNew: 'Add a country',
      titleEdit: (country: string) => `Rules for ${country}`,
      hint: 'ESMA’s caps for the EU and UK: 30 major forex, 20 other forex, 20 gold, 10 other commodities, 5 stocks, 2 crypto. Leave a cap empty for none. Every save is audited.',
      country: 'Country (ISO code, e.g. DE)',
      secondsAllowed: 'Seconds contracts offered',
      cfdBonuses: 'Deposit bonuses for CFD trading',
      save: 'Save',
      saving: 'Saving…',
      countryError: 'Two letters, e.g. DE.',
      capError: 'A whole number from 1 to 125, or empty.',
    },
    savedNotice: 'The profile has been saved; it applies within 10 seconds.',
    removedNotice: 'The profile has been deleted.',
  },
} as const;
