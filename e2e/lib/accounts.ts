import type { AdminRole } from '@otc/protocol/admin/schemas';
import { inject } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { codeSentBy } from './server-log.ts';

export const PASSWORD = 'Journey123';
let n = 0;
export const newEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${n++}@e2e.example`;

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

/** An existing account, made through the API as the app would, for journeys that start at login. */
export async function existingAccount(
  tag: string,
): Promise<{ email: string; password: string; userId: string }> {
  const email = newEmail(tag);
  const code = await codeSentBy(email, () =>
    call('POST', '/api/auth/sendemail', { email, purpose: 'register' }),
  );
  const session = await call<{ user: { id: string } }>('POST', '/api/auth/register', {
    type: 'email',
    account: email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agree: true,
  });
  return { email, password: PASSWORD, userId: session.user.id };
}

/** An account signed up by mobile number through the API (`phone` in E.164), for journeys that start at login. */
export async function existingPhoneAccount(
  phone: string,
): Promise<{ phone: string; password: string; userId: string }> {
  const code = await codeSentBy(phone, () =>
    call('POST', '/api/auth/sendsms', { phone, purpose: 'register' }),
  );
  const session = await call<{ user: { id: string } }>('POST', '/api/auth/register', {
    type: 'mobile',
    account: phone,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agree: true,
  });
  return { phone, password: PASSWORD, userId: session.user.id };
}

export const SECOND_OPERATOR = { email: 'second.ops@e2e.local', password: 'E2e-second-pass-1' };
const SECOND = SECOND_OPERATOR;
export const REVIEWER = { email: 'reviewer.ops@e2e.local', password: 'E2e-reviewer-pass-1' };

/** An operator of a role, created once through the back office API. */
async function ensureOperator(who: { email: string; password: string }, role: AdminRole): Promise<void> {
  const admin = await operatorToken(E2E_ADMIN);
  const operators = await call<{ items: { email: string }[] }>(
    'GET',
    '/api/admin/operators',
    undefined,
    admin,
  );
  if (!operators.items.some((o) => o.email === who.email)) {
    await call('POST', '/api/admin/operators', { ...who, role }, admin);
  }
}

/** The second admin the four-eyes rule needs. */
export const ensureSecondOperator = () => ensureOperator(SECOND, 'admin');
/** An operator who reads everything and may change nothing. */
export const ensureReviewer = () => ensureOperator(REVIEWER, 'reviewer');
export const SUPPORT = { email: 'support.ops@e2e.local', password: 'E2e-support-pass-1' };
/** A support operator: reads users and identity applications, decides nothing. */
export const ensureSupport = () => ensureOperator(SUPPORT, 'support');

/** A fresh operator of a role (one a journey may change, such as its password), created by the first admin. */
export async function newOperator(role: AdminRole): Promise<{ email: string; password: string }> {
  const who = { email: newEmail(`${role}.ops`), password: 'E2e-fresh-pass-1' };
  await call('POST', '/api/admin/operators', { ...who, role }, await operatorToken(E2E_ADMIN));
  return who;
}

/** The first admin asks for a credit and leaves it pending; returns the adjustment's id. */
export async function requestCredit(userId: string, amount: string): Promise<string> {
  const asked = await call<{ id: string }>(
    'POST',
    '/api/admin/ledger/adjustments',
    { userId, account: 'funding', asset: 'USDT', amount, reason: 'e2e pending credit' },
    await operatorToken(E2E_ADMIN),
  );
  return asked.id;
}

async function operatorToken(who: { email: string; password: string }): Promise<string> {
  return (await call<{ token: string }>('POST', '/api/admin/login', who)).token;
}

/** Two operators credit a real user the way the back office does: one asks, the other approves. */
export async function creditByOperators(userId: string, asset: string, amount: string): Promise<void> {
  const admin = await operatorToken(E2E_ADMIN);
  await ensureSecondOperator();
  const second = await operatorToken(SECOND);
  const asked = await call<{ id: string }>(
    'POST',
    '/api/admin/ledger/adjustments',
    { userId, account: 'funding', asset, amount, reason: 'e2e journey funding' },
    admin,
  );
  await call('POST', '/api/admin/ledger/adjustments/decide', { id: asked.id, approve: true }, second);
}

export async function publishProofSnapshot(): Promise<void> {
  await call('POST', '/api/admin/proof/build', {}, await operatorToken(E2E_ADMIN));
}
