import type { LoanCertification } from '@otc/protocol/loan/schemas';
import { describe, expect, it } from 'vitest';
import { certificationBody, draftOf, fieldOfServer, missingPhoto } from './certificationForm.ts';

const onFile: NonNullable<LoanCertification['certification']> = {
  realName: 'Erika Mustermann',
  documentType: 'passport',
  documentNumber: 'C01X00T47',
  birthDate: '1990-05-01',
  idPhoto: 'u1',
  workType: 'Engineer',
  annualIncome: '60000',
  emergencyName: 'Max Mustermann',
  emergencyPhone: '+49 30 1234567',
  bankCards: ['b1', 'b2'],
  assetProofs: ['a1', 'a2', 'a3'],
  transactionRecords: ['t1', 't2', 't3'],
  workCertificate: 'w1',
  submittedAt: '2026-11-28T10:00:00.000Z',
};

describe('draftOf', () => {
  it('starts empty with a slot for each document seed §9 asks: 2 bank cards, 3 asset proofs, 3 records', () => {
    const draft = draftOf(null);
    expect(draft.bankCards).toEqual(['', '']);
    expect(draft.assetProofs).toEqual(['', '', '']);
    expect(draft.transactionRecords).toEqual(['', '', '']);
    expect(draft.realName).toBe('');
  });

  it('a resubmission starts from the one on file, its images kept', () => {
    const draft = draftOf(onFile);
    expect(draft.bankCards).toEqual(['b1', 'b2']);
    expect(draft.workCertificate).toBe('w1');
    expect(draft.propertyCertificate).toBe('');
  });
});

describe('missingPhoto', () => {
  it('names the first required image missing, in the order shown', () => {
    const draft = draftOf(null);
    expect(missingPhoto(draft)).toBe('idPhoto');
    expect(missingPhoto({ ...draft, idPhoto: 'u1', bankCards: ['b1', ''] })).toBe('bankCards');
    expect(missingPhoto({ ...draftOf(onFile), transactionRecords: ['t1', '', 't3'] })).toBe(
      'transactionRecords',
    );
    expect(missingPhoto(draftOf(onFile))).toBeNull();
  });

  it('the optional certificates are never missing', () => {
    expect(missingPhoto({ ...draftOf(onFile), workCertificate: '' })).toBeNull();
  });
});

describe('certificationBody', () => {
  it('sends the texts trimmed and leaves out optional images not chosen', () => {
    const { submittedAt: _, ...fields } = onFile;
    const body = certificationBody({ ...draftOf(onFile), realName: '  Erika Mustermann ' });
    expect(body).toEqual(fields);
    expect('propertyCertificate' in body).toBe(false);
  });
});

describe('fieldOfServer', () => {
  it('shows an issue inside a group under the group', () => {
    expect(fieldOfServer('bankCards.1')).toBe('bankCards');
    expect(fieldOfServer('realName')).toBe('realName');
    expect(fieldOfServer(undefined)).toBeUndefined();
  });
});
