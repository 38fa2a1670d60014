import { z } from 'zod';
import { COUNTRY_CODES } from '../common/countries.ts';
import type { ErrorKey } from '../errors.ts';
import {
  DOCUMENT_NUMBER_PATTERN,
  DOCUMENT_TYPES,
  KYC_ADDRESS_MAX,
  KYC_AGE_MAX,
  KYC_AGE_MIN,
  KYC_LEVELS,
  KYC_NAME_MAX,
  KYC_PHONE_PATTERN,
  KYC_REASON_MAX,
  KYC_TEXT_MAX,
} from './rules.ts';

/**
 * Identity verification (issue 14, PRODUCT.md "Identity verification"): a basic and an advanced
 * level, each applied for with its fields and decided by an operator.
 */
export const kycLevel = z.enum(KYC_LEVELS);
export const documentType = z.enum(DOCUMENT_TYPES);
/** Where a level stands for its user: never applied, waiting for an operator, verified, or rejected with a reason. */
export const kycStatus = z.enum(['unverified', 'reviewing', 'verified', 'rejected']);
export type KycStatus = z.infer<typeof kycStatus>;

/** A text the user types: trimmed, at most `max` characters; empty reads "please enter X", as a missing one. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => v.length > 0, { params: { error: 'field_required' satisfies ErrorKey } });

const countries = new Set(COUNTRY_CODES);
const uploadId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe('The id `POST /api/common/upload` answered (purpose kyc)');

export const basicFields = z.strictObject({
  nationality: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => countries.has(v))
    .describe('ISO 3166-1 alpha-2 country code'),
  realName: text(KYC_NAME_MAX).describe('Full name as on the document'),
  firstName: text(KYC_NAME_MAX),
  lastName: text(KYC_NAME_MAX),
  documentType,
  documentNumber: z.string().trim().regex(DOCUMENT_NUMBER_PATTERN),
  frontImage: uploadId.describe('The document’s front: one of the caller’s own kyc uploads'),
  backImage: uploadId.describe('The document’s back: one of the caller’s own kyc uploads'),
});
export type BasicFields = z.infer<typeof basicFields>;

export const advancedFields = z.strictObject({
  age: z.coerce.number().int().min(KYC_AGE_MIN).max(KYC_AGE_MAX),
  contact: text(KYC_TEXT_MAX).describe('How to reach the user (phone or email)'),
  workAddress: text(KYC_ADDRESS_MAX),
  homeAddress: text(KYC_ADDRESS_MAX),
  relationship: text(KYC_TEXT_MAX).describe('The relative’s relationship to the user'),
  relativeName: text(KYC_NAME_MAX),
  relativeAddress: text(KYC_ADDRESS_MAX),
  workType: text(KYC_TEXT_MAX),
  annualIncome: text(KYC_TEXT_MAX),
  emergencyName: text(KYC_NAME_MAX),
  emergencyPhone: z.string().trim().regex(KYC_PHONE_PATTERN),
});
export type AdvancedFields = z.infer<typeof advancedFields>;

/** `POST /api/auth/applyApprove`: the seed's call, an application for one level with its fields. */
export const applyBody = z.discriminatedUnion('level', [
  basicFields.extend({ level: z.literal('basic') }),
  advancedFields.extend({ level: z.literal('advanced') }),
]);
export type ApplyBody = z.infer<typeof applyBody>;

const levelState = <F extends z.ZodType>(fields: F) =>
  z.object({
    status: kycStatus,
    reason: z.string().nullable().describe('Why an operator rejected it (plain text), when rejected'),
    submittedAt: z.iso.datetime().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    mayApply: z.boolean().describe('Whether the caller may submit this level now'),
    fields: fields.nullable().describe('What was last submitted, for the summary and a resubmission'),
  });

export const kycState = z.object({
  basic: levelState(basicFields),
  advanced: levelState(advancedFields),
  demo: z.boolean().describe('Demo accounts need no verification and cannot apply'),
});
export type KycState = z.infer<typeof kycState>;

// The back office.
const applicationId = z.string().regex(/^\d{1,18}$/);
export const kycApplicationRow = z.object({
  id: z.string(),
  userId: z.string(),
  account: z.string().nullable().describe('The user’s email, phone or wallet'),
  level: kycLevel,
  status: kycStatus.exclude(['unverified']),
  realName: z
    .string()
    .nullable()
    .describe('The basic level’s real name (the user’s verified one for advanced)'),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type KycApplicationRow = z.infer<typeof kycApplicationRow>;
export const kycApplicationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: kycStatus.exclude(['unverified']).optional(),
});
export const kycApplicationsPage = z.object({ items: z.array(kycApplicationRow), total: z.number().int() });

export const kycApplicationQuery = z.object({ id: applicationId });
export const kycApplication = kycApplicationRow.extend({
  reason: z.string().nullable(),
  decidedBy: z.string().nullable().describe('The deciding operator’s email'),
  basic: basicFields.nullable(),
  advanced: advancedFields.nullable(),
});
export type KycApplication = z.infer<typeof kycApplication>;

export const approveKycBody = z.strictObject({ id: applicationId });
export const rejectKycBody = z.strictObject({
  id: applicationId,
  reason: text(KYC_REASON_MAX).describe('Shown to the user as plain text'),
});
