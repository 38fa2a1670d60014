import type { BankAccountFields } from '@otc/protocol/cashier/bank/schemas';
import { expect } from 'vitest';
import { png } from '../kyc/kyc-fixtures.ts';
import type { TestServer } from '../support/harness.ts';

/** Uploads an image the way the app does (multipart `file`), for `purpose`: its id. */
export async function uploadImage(s: TestServer, token: string, purpose = 'payment_proof'): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  const image = new Uint8Array(png(8, 8, [20, 160, 60]));
  form.append('file', new Blob([image], { type: 'image/png' }), 'proof.png');
  const res = await fetch(`${s.url}/api/common/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { id: string } };
  expect(body.code, JSON.stringify(body)).toBe(200);
  return String(body.data.id);
}

/** The platform's bank account as an admin sets it. */
export const PLATFORM_BANK = {
  bankName: 'Deutsche Bank',
  accountName: 'OTC Markets GmbH',
  accountNumber: '0532013000',
  swift: 'DEUTDEFF',
  iban: 'DE89 3704 0044 0532 0130 00',
  instructions: 'Write your user ID as the reference.',
} satisfies Record<keyof BankAccountFields, string>;

/** A user's live fiat USDT balance, as the ledger holds it. */
export async function fiatUsdt(s: TestServer, userId: string): Promise<string> {
  const [row] = await s.db.query<{ available: string }>(
    `SELECT available::text AS available FROM ledger_accounts
     WHERE realm = 'live' AND owner_type = 'user' AND owner = $1 AND kind = 'fiat' AND asset = 'USDT'`,
    [userId],
  );
  return row ? String(Number(row.available)) : '0';
}
