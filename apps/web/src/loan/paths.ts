/**
 * The loan area's paths and the identity page it sends users to, here rather than in app/paths.ts:
 * that module is in the first route, and only the loan pages link to these (paths.test.ts checks
 * each is a route).
 */
export const TO_LOAN_PATH = '/pages/index/ToLoan';
export const TO_LOAN_LIST_PATH = '/pages/index/ToLoanList';
export const CERTIFICATION_PATH = '/pages/index/CertificationInformation';
export const IDENTITY_PATH = '/pages/assets/auth';
