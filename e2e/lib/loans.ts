import { randomUUID } from 'node:crypto';
import { creditByOperators, PASSWORD } from './accounts.ts';
import { advancedAccount, call, upload } from './verified.ts';

/** The certification a journey's borrower submits (seed §3): every field, nine documents. */
export const CERTIFICATION = {
  realName: 'Erika Mustermann',
  documentType: 'passport',
  documentNumber: 'C01X00T47',
  birthDate: '1990-05-17',
  workType: 'Engineer',
  annualIncome: '84000',
  emergencyName: 'Max Mustermann',
  emergencyPhone: '+49 30 1234567',
} as const;

/**
 * A loan application waiting for an operator, reached as a borrower reaches it, through the API:
 * basic and advanced verification approved by the first operator, the certification with its
 * documents, 1 BTC credited by two operators as collateral, then the application (30 days, BTC
 * collateral) on the migration's product with the login password as the transaction password.
 */
export async function pendingLoan(
  amount: string,
): Promise<{ loanId: string; userId: string; email: string }> {
  const account = await advancedAccount('loan');
  const { token } = await call<{ token: string }>('POST', '/api/auth/login', {
    account: account.email,
    password: account.password,
  });

  // Nine documents, each its own colour so the reviewer's page shows nine different images.
  const colour = (i: number): [number, number, number] => [40 + i * 20, 180 - i * 15, 90 + i * 10];
  const docs = await Promise.all(
    Array.from({ length: 9 }, (_, i) => upload(token, colour(i), 'loan_document', [48, 30])),
  );
  await call(
    'POST',
    '/api/loan/certification/submit',
    {
      ...CERTIFICATION,
      idPhoto: docs[0],
      bankCards: docs.slice(1, 3),
      assetProofs: docs.slice(3, 6),
      transactionRecords: docs.slice(6, 9),
    },
    token,
  );
  await creditByOperators(account.userId, 'BTC', '1');

  const products = await call<{ list: { id: string; name: string }[] }>(
    'POST',
    '/api/loan/getConfigList',
    {},
  );
  const product = products.list.find((p) => p.name === 'USDT loan');
  if (!product) throw new Error('the migration’s loan product is not offered');
  const loan = await call<{ id: string; status: string }>(
    'POST',
    '/api/loan/apply',
    {
      productId: product.id,
      amount,
      termDays: 30,
      collateralAsset: 'BTC',
      agreement: true,
      tradePassword: PASSWORD,
      idempotencyKey: randomUUID(),
    },
    token,
  );
  if (loan.status !== 'pending') throw new Error(`the application is ${loan.status}, not pending`);
  return { loanId: loan.id, userId: account.userId, email: account.email };
}
