import { z } from 'zod';

/**
 * Rules by jurisdiction (PRODUCT.md "Jurisdictions"; docs/decisions/0146-jurisdictions.md): an
 * operator-set profile per country; a user's country is their verified nationality, else their
 * phone's country.
 */
export const LEVERAGE_CLASSES = [
  'majorFx',
  'otherFx',
  'goldIndex',
  'otherCommodity',
  'stock',
  'crypto',
] as const;
export const leverageClass = z.enum(LEVERAGE_CLASSES);
export type LeverageClassName = z.infer<typeof leverageClass>;

export const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/)
  .describe('ISO 3166-1 alpha-2');

/** A fraction strictly between 0 and 1, in its shortest form ('0.5'), as the close-out level is kept. */
export const closeOutLevel = z
  .string()
  .trim()
  .regex(/^0\.\d{0,17}[1-9]$/, 'a fraction between 0 and 1, like 0.5');

export const jurisdictionProfile = z.strictObject({
  country,
  secondsAllowed: z
    .boolean()
    .describe('Seconds contracts offered (retail binary options are banned in the EU and UK)'),
  leverageCaps: z
    .partialRecord(leverageClass, z.number().int().min(1).max(125))
    .describe('The highest leverage per ESMA class; a class left out has the instrument’s own cap'),
  cfdBonuses: z.boolean().describe('Deposit-bonus activities for CFD trading (restricted in the EU and UK)'),
  closeOutLevel: closeOutLevel
    .nullable()
    .default(null)
    .describe(
      'Margin close-out: a position is closed when its equity falls to this fraction of its initial margin (ESMA: 0.5); null: none (decision 0150)',
    ),
});
export type JurisdictionProfile = z.infer<typeof jurisdictionProfile>;

/** The caller's jurisdiction: their country (null when neither verified nor by phone) and its profile, if any. */
export const myJurisdiction = z.object({
  country: country.nullable(),
  source: z.enum(['nationality', 'phone']).nullable().describe('What the country was read from'),
  profile: jurisdictionProfile.nullable().describe('Null: the platform’s own rules apply'),
});
export type MyJurisdiction = z.infer<typeof myJurisdiction>;

export const jurisdictionProfiles = z.object({ items: z.array(jurisdictionProfile) });
export const jurisdictionCountryBody = z.strictObject({ country });
