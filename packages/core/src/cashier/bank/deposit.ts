import { parseUnits } from '../../money/decimal.ts';

/** A bank deposit waiting for an operator; one decided (approved or rejected) stays decided. */
export type BankDepositStatus = 'pending' | 'approved' | 'rejected';

export const mayDecideBankDeposit = (status: BankDepositStatus): boolean => status === 'pending';

/** Whether an amount (a valid decimal string) reaches the minimum (also a decimal string). */
export const meetsMinimum = (amount: string, minimum: string): boolean =>
  parseUnits(amount) >= parseUnits(minimum);

/**
 * An IBAN as ISO 13616 checks it: country, two check digits, up to 30 letters or digits, and the
 * number mod 97 equal to 1 once the first four characters move to the end (letters as 10..35).
 * Spaces are allowed as written on paper and ignored.
 */
export function isIban(text: string): boolean {
  const iban = text.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const value = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    rest = (value >= 10 ? rest * 100 + value : rest * 10 + value) % 97;
  }
  return rest === 1;
}
