import { inject } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { existingAccount } from './accounts.ts';
import { solidPng } from './png.ts';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One call of the API through its envelope; a refusal throws with the server's message. */
export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
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

/** One of the user's images for `purpose`, a solid colour of the given size; its upload id. */
export async function upload(
  token: string,
  rgb: [number, number, number],
  purpose: 'kyc' | 'loan_document' = 'kyc',
  [width, height]: [number, number] = [32, 20],
): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append(
    'file',
    new Blob([new Uint8Array(solidPng(width, height, rgb))], { type: 'image/png' }),
    'id.png',
  );
  const res = await fetch(`${inject('baseUrl')}/api/common/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<{ id: string }>;
  if (envelope.code !== 200) throw new Error(`upload: ${envelope.msg}`);
  return String(envelope.data.id);
}

/**
 * An account with basic identity verification, reached as the kyc journey reaches it (the user
 * applies with two photos, the first operator approves), through the API: for journeys that start
 * with a verified user.
 */
export async function verifiedAccount(tag: string) {
  const account = await existingAccount(tag);
  const { token } = await call<{ token: string }>('POST', '/api/auth/login', {
    account: account.email,
    password: account.password,
  });
  await call(
    'POST',
    '/api/auth/applyApprove',
    {
      level: 'basic',
      nationality: 'DE',
      realName: 'Erika Mustermann',
      firstName: 'Erika',
      lastName: 'Mustermann',
      documentType: 'passport',
      documentNumber: 'C01X00T47',
      frontImage: await upload(token, [180, 40, 40]),
      backImage: await upload(token, [40, 40, 180]),
    },
    token,
  );
  const admin = (await call<{ token: string }>('POST', '/api/admin/login', E2E_ADMIN)).token;
  const queue = await call<{ items: { id: string; userId: string }[] }>(
    'GET',
    '/api/admin/kyc/applications?status=reviewing&pageSize=100',
    undefined,
    admin,
  );
  const application = queue.items.find((a) => a.userId === account.userId);
  if (!application) throw new Error('the application is not in the queue');
  await call('POST', '/api/admin/kyc/approve', { id: application.id }, admin);
  return account;
}

/**
 * An account with advanced identity verification too (loans need it): basic as `verifiedAccount`,
 * then the advanced level's fields, approved by the first operator, through the API.
 */
export async function advancedAccount(tag: string) {
  const account = await verifiedAccount(tag);
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
      homeAddress: 'Unter den Linden 5, Berlin',
      relationship: 'Spouse',
      relativeName: 'Max Mustermann',
      relativeAddress: 'Unter den Linden 5, Berlin',
      workType: 'Engineer',
      annualIncome: '60000',
      emergencyName: 'Max Mustermann',
      emergencyPhone: '+49 30 1234567',
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
  const application = queue.items.find((a) => a.userId === account.userId && a.level === 'advanced');
  if (!application) throw new Error('the advanced application is not in the queue');
  await call('POST', '/api/admin/kyc/approve', { id: application.id }, admin);
  return account;
}

/** The ledger check the back office runs: what is wrong, nothing when whole. */
export async function ledgerProblems(): Promise<string[]> {
  const admin = (await call<{ token: string }>('POST', '/api/admin/login', E2E_ADMIN)).token;
  return (await call<{ ok: boolean; problems: string[] }>('GET', '/api/admin/ledger/check', undefined, admin))
    .problems;
}
