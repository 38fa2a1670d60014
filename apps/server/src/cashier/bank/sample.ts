import type { BankAccountFields } from '@otc/protocol/cashier/bank/schemas';
import type { AppContext } from '../../context.ts';
import { insertSampleBankAccount } from './queries.ts';

/**
 * The sample account: plainly not a bank anyone can pay (no IBAN, no SWIFT, a zero account number);
 * the screens say in the user's language that it is a sample and no money is to be sent.
 */
export const SAMPLE_BANK_ACCOUNT: BankAccountFields = {
  bankName: 'Sample Bank',
  accountName: 'OTC Markets (sample account)',
  accountNumber: '00000000',
  swift: null,
  iban: null,
  instructions: null,
};

/**
 * Bank deposits are off until an operator saves the platform's account. On the embedded default
 * (`config.sampleBankAccount`) a sample one stands in so the flow can be tried end to end; an operator
 * replaces it in the back office. Production never seeds it, whatever the configuration says: a
 * sample account users could pay into is the one thing a real platform must not have.
 */
export async function seedSampleBankAccount(ctx: AppContext): Promise<void> {
  if (!ctx.config.sampleBankAccount || ctx.config.production) return;
  await insertSampleBankAccount(ctx.db, SAMPLE_BANK_ACCOUNT);
}
