/**
 * Identity verification's field rules with no dependency, shared by the server (schemas.ts builds
 * its zod schemas from them) and the web app (its forms and their limits). PRODUCT.md "Identity
 * verification".
 */
export const KYC_LEVELS = ['basic', 'advanced'] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];

export const DOCUMENT_TYPES = ['id_card', 'drivers_license', 'passport'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The most characters each text field takes (names, addresses, the rest). */
export const KYC_NAME_MAX = 100;
export const KYC_ADDRESS_MAX = 200;
export const KYC_TEXT_MAX = 100;
/** Letters, digits, spaces and hyphens, 4 to 30: what ID cards, licences and passports carry. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,28}[A-Za-z0-9]$/;
/** A phone number as people write it: an optional +, then 5 to 20 digits, spaces, hyphens or brackets. */
export const KYC_PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,19}$/;
export const KYC_AGE_MIN = 18;
export const KYC_AGE_MAX = 120;
/** An operator's reason for a rejection, shown to the user as text. */
export const KYC_REASON_MAX = 500;

/** The basic level's fields, in the form's order. */
export const BASIC_FIELDS = [
  'nationality',
  'realName',
  'firstName',
  'lastName',
  'documentType',
  'documentNumber',
  'frontImage',
  'backImage',
] as const;
export type BasicField = (typeof BASIC_FIELDS)[number];

/** The advanced level's fields, in the form's order. */
export const ADVANCED_FIELDS = [
  'age',
  'contact',
  'workAddress',
  'homeAddress',
  'relationship',
  'relativeName',
  'relativeAddress',
  'workType',
  'annualIncome',
  'emergencyName',
  'emergencyPhone',
] as const;
export type AdvancedField = (typeof ADVANCED_FIELDS)[number];
