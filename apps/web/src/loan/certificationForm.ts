import { LOAN_DOCUMENT_COUNTS } from '@otc/protocol/loan/constants';
import type { LoanCertification, LoanCertificationFields } from '@otc/protocol/loan/schemas';

/**
 * The certification form's draft and its checks, pure: seed §3's fields, the documents as upload
 * ids (purpose loan_document) in their slots, a resubmission starting from the one on file.
 */

export const TEXT_FIELDS = [
  'realName',
  'documentNumber',
  'workType',
  'annualIncome',
  'emergencyName',
  'emergencyPhone',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const PHOTO_GROUPS = ['bankCards', 'assetProofs', 'transactionRecords'] as const;
export type PhotoGroup = (typeof PHOTO_GROUPS)[number];

export const OPTIONAL_PHOTOS = ['propertyCertificate', 'workCertificate', 'otherAssets'] as const;
export type OptionalPhoto = (typeof OPTIONAL_PHOTOS)[number];

export type CertificationField = keyof LoanCertificationFields;
export const CERTIFICATION_FIELDS: readonly CertificationField[] = [
  'realName',
  'documentType',
  'documentNumber',
  'birthDate',
  'idPhoto',
  'workType',
  'annualIncome',
  'emergencyName',
  'emergencyPhone',
  ...PHOTO_GROUPS,
  ...OPTIONAL_PHOTOS,
];

export interface CertificationDraft
  extends Record<TextField | 'documentType' | 'birthDate' | 'idPhoto', string> {
  /** Each group's slots, '' where no image is chosen yet. */
  bankCards: string[];
  assetProofs: string[];
  transactionRecords: string[];
  propertyCertificate: string;
  workCertificate: string;
  otherAssets: string;
}

const slots = (group: PhotoGroup, ids: readonly string[] = []) =>
  Array.from({ length: LOAN_DOCUMENT_COUNTS[group] }, (_, i) => ids[i] ?? '');

/** An empty draft, or the one on file to resubmit from (its images kept unless replaced). */
export function draftOf(onFile: LoanCertification['certification']): CertificationDraft {
  return {
    realName: onFile?.realName ?? '',
    documentType: onFile?.documentType ?? '',
    documentNumber: onFile?.documentNumber ?? '',
    birthDate: onFile?.birthDate ?? '',
    idPhoto: onFile?.idPhoto ?? '',
    workType: onFile?.workType ?? '',
    annualIncome: onFile?.annualIncome ?? '',
    emergencyName: onFile?.emergencyName ?? '',
    emergencyPhone: onFile?.emergencyPhone ?? '',
    bankCards: slots('bankCards', onFile?.bankCards),
    assetProofs: slots('assetProofs', onFile?.assetProofs),
    transactionRecords: slots('transactionRecords', onFile?.transactionRecords),
    propertyCertificate: onFile?.propertyCertificate ?? '',
    workCertificate: onFile?.workCertificate ?? '',
    otherAssets: onFile?.otherAssets ?? '',
  };
}

/**
 * The first required image still missing, in the order the form shows them (the ID photo, then
 * each group's slots), as the field its message goes under; null when every one is there. The
 * server checks the texts (and everything again).
 */
export function missingPhoto(draft: CertificationDraft): 'idPhoto' | PhotoGroup | null {
  if (!draft.idPhoto) return 'idPhoto';
  return PHOTO_GROUPS.find((group) => draft[group].some((id) => !id)) ?? null;
}

/** The body as sent: texts trimmed, optional images left out when none is chosen. */
export function certificationBody(draft: CertificationDraft): LoanCertificationFields {
  const optional = Object.fromEntries(
    OPTIONAL_PHOTOS.filter((field) => draft[field]).map((field) => [field, draft[field]]),
  );
  return {
    realName: draft.realName.trim(),
    documentType: draft.documentType as LoanCertificationFields['documentType'],
    documentNumber: draft.documentNumber.trim(),
    birthDate: draft.birthDate,
    idPhoto: draft.idPhoto,
    workType: draft.workType.trim(),
    annualIncome: draft.annualIncome.trim(),
    emergencyName: draft.emergencyName.trim(),
    emergencyPhone: draft.emergencyPhone.trim(),
    bankCards: draft.bankCards,
    assetProofs: draft.assetProofs,
    transactionRecords: draft.transactionRecords,
    ...optional,
  };
}

/** A server field such as `bankCards.1` (an issue inside a group) shows under its group. */
export function fieldOfServer(field: string | undefined): string | undefined {
  return field?.split('.')[0];
}
