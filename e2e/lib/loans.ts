import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { creditByOperators, PASSWORD } from './accounts.ts';
import { solidPng } from './png.ts';
import { verifiedAccount } from './verified.ts';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(inject('baseUrl') + path, {
    method,
    headers,
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

/** One of the user's images for the certification (purpose loan_document), of one colour. */
async function document(token: string, rgb: [number, number, number]): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'loan_document');
  form.append('file', new Blob([new Uint8Array(solidPng(48, 30, rgb))], { type: 'image/png' }), 'doc.png');
  const res = await fetch(`${inject('baseUrl')}/api/common/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<{ id: string }>;
  if (envelope.code !== 200) throw new Error(`upload: ${envelope.msg}`);
  return String(envelope.data.id);
}

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
  const account = await verifiedAccount('loan');
  const { token } = await call<{ token: string }>('POST', '/api/auth/login', {
    account: account.email,
    password: account.password,
  });
  await call(
    'POST',
    '/api/auth/applyApprove',
    {
      level: 'advanced',
      age: 36,
      contact: account.email,
      workAddress: 'Friedrichstraße 1, Berlin',
      homeAddress: 'Unter den Linden 2, Berlin',
      relationship: 'Brother',
      relativeName: 'Max Mustermann',
      relativeAddress: 'Unter den Linden 2, Berlin',
      workType: CERTIFICATION.workType,
      annualIncome: CERTIFICATION.annualIncome,
      emergencyName: CERTIFICATION.emergencyName,
      emergencyPhone: CERTIFICATION.emergencyPhone,
    },
    token,
  );
  const admin = (await call<{ token: string }>('POST', '/api/admin/login', E2E_ADMIN)).token;
  const queue = await call<{ items: { id: string; userId: string; level: string }[] }>(
    'GET',
    '/api/admin/kyc/applications?status=reviewing&pageSize=100',
    undefined,
    admin,
  );
  const advanced = queue.items.find((a) => a.userId === account.userId && a.level === 'advanced');
  if (!advanced) throw new Error('the advanced application is not in the queue');
  await call('POST', '/api/admin/kyc/approve', { id: advanced.id }, admin);

  // Nine documents, each its own colour so the reviewer's page shows nine different images.
  const colour = (i: number): [number, number, number] => [40 + i * 20, 180 - i * 15, 90 + i * 10];
  const docs = await Promise.all(Array.from({ length: 9 }, (_, i) => document(token, colour(i))));
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
