import type { BankAccount, BankDeposit, BankDepositInfo } from '@otc/protocol/cashier/bank/schemas';
import { describe, expect, it } from 'vitest';
import { seedSampleBankAccount } from '../../../src/cashier/bank/sample.ts';
import { loadConfig } from '../../../src/config.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer } from '../support/harness.ts';
import { PLATFORM_BANK, uploadImage } from './bank-fixtures.ts';

/**
 * Issue 24: bank deposits were off until an operator saved the platform's account, and nothing said
 * so. The embedded default seeds a sample account, marked as one (the screens tell users to send no
 * money there); the operator's own account replaces it; production never has one.
 */
describe('the sample bank account', () => {
  it('is seeded on the embedded default only: never with NODE_ENV=production nor with DATABASE_URL', () => {
    expect(loadConfig({}).sampleBankAccount).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).sampleBankAccount).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/otc' }).sampleBankAccount).toBe(false);
  });

  describe.each(DATABASES)('on %s', (kind) => {
    const info = async (s: Awaited<ReturnType<typeof startServer>>, token: string) =>
      (await s.api<BankDepositInfo>('/api/funding/bank/account', undefined, { token })).body.data;

    it('is shown to users marked as a sample, takes a trial deposit, and the operator’s account replaces it', async () => {
      const s = await startServer(kind, { sampleBankAccount: true });
      try {
        const u = await registerUser(s);
        const seeded = await info(s, u.token);
        expect(seeded.sample).toBe(true);
        expect(seeded.account).toEqual({
          bankName: 'Sample Bank',
          accountName: 'OTC Markets (sample account)',
          accountNumber: '00000000',
          swift: null,
          iban: null,
          instructions: null,
        });
        // The flow can be tried end to end against it.
        const proof = await uploadImage(s, u.token);
        const tried = await s.api<BankDeposit>(
          '/api/funding/bank/deposit',
          { amount: '25', proof, reference: 'TRY' },
          { token: u.token },
        );
        expect(tried.body.data.status).toBe('pending');

        const admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
        const adminView = await s.api<BankDepositInfo>('/api/admin/funding/bank/account', undefined, {
          token: admin,
        });
        expect(adminView.body.data.sample).toBe(true);
        const saved = await s.api<BankAccount>('/api/admin/funding/bank/account', PLATFORM_BANK, {
          token: admin,
        });
        expect(saved.status).toBe(200);
        expect(await info(s, u.token)).toMatchObject({
          sample: false,
          account: { bankName: 'Deutsche Bank', iban: 'DE89370400440532013000' },
        });
      } finally {
        await s.close();
      }
    });

    it('never comes back once the operator replaced it, at a restart seeding again', async () => {
      const s = await startServer(kind, { sampleBankAccount: true });
      try {
        const admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
        await s.api('/api/admin/funding/bank/account', PLATFORM_BANK, { token: admin });
        // The seed runs at every start: it never overwrites an account that is set.
        await seedSampleBankAccount(s.ctx);
        const u = await registerUser(s);
        expect(await info(s, u.token)).toMatchObject({
          sample: false,
          account: { bankName: 'Deutsche Bank' },
        });
      } finally {
        await s.close();
      }
    });

    it('is never seeded in production, whatever the configuration says', async () => {
      const s = await startServer(kind, { sampleBankAccount: true, production: true });
      try {
        const u = await registerUser(s);
        expect(await info(s, u.token)).toMatchObject({ account: null, sample: false });
      } finally {
        await s.close();
      }
    });
  });
});
