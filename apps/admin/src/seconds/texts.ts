import { formatPercentIn } from '@otc/core/display';

/** The back office's texts of seconds contracts (read by its pages; the shell's own are in `src/texts.ts`). */
export const secondsTexts = {
  seconds: {
    /** Its entry in the navigation. */
    nav: 'Seconds contracts',
    title: 'Seconds contracts',
    subtitle:
      'Up or down over 30 s to 5 min, settled by the index ticks alone. Switch the product off globally or for users of a verified nationality; set each instrument’s profit ratios for new contracts.',
    switchTitle: 'Availability',
    enabled: 'Seconds contracts are on',
    countries: 'Off for these nationalities (ISO codes)',
    countriesHint:
      'Two-letter codes, separated by commas: users whose verified nationality is listed are refused, and told why. Retail binary options are banned in the EU and the UK.',
    save: 'Save',
    switchSaved: 'Availability saved.',
    ratiosSaved: 'Ratios saved; contracts already bought keep theirs.',
    adminOnly: 'Only operators with the admin role can change this.',
    open: (n: number) => `${n} contracts open now.`,
    instrument: 'Instrument',
    ratios: 'Profit ratio per period (0.8 is 80%)',
    period: (seconds: number) => `${seconds} s`,
    breakEven: (rate: string) => `break-even ${formatPercentIn(rate, 'en')}`,
    honesty:
      'No control here or anywhere sets or changes a contract’s outcome: the buy price is the first index tick after acceptance, the settlement price the last at or before delivery, both stored with the contract.',
  },
} as const;
