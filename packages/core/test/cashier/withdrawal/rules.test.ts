import { describe, expect, it } from 'vitest';
import { checkEvmAddress, toChecksumAddress } from '../../../src/cashier/evm-address.ts';
import { amountRefusal, approvalRefusal, approvalsNeeded } from '../../../src/cashier/withdrawal/rules.ts';
import { parseUnits } from '../../../src/money/decimal.ts';

// The EIP-55 specification's own examples.
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('EVM addresses', () => {
  it('checksums as EIP-55 says', () => {
    for (const a of EIP55) expect(toChecksumAddress(a.toLowerCase())).toBe(a);
  });

  it('accepts a matching checksum, and all lower or all upper case, giving the checksummed form', () => {
    for (const a of EIP55) {
      expect(checkEvmAddress(a)).toEqual({ ok: true, address: a });
      expect(checkEvmAddress(a.toLowerCase())).toEqual({ ok: true, address: a });
      expect(checkEvmAddress(`0x${a.slice(2).toUpperCase()}`)).toEqual({ ok: true, address: a });
    }
  });

  it('refuses mixed case that does not match its checksum', () => {
    const a = EIP55[0] as string;
    const flipped = `${a.slice(0, 3)}${a[3] === 'a' ? 'A' : 'a'}${a.slice(4)}`;
    expect(checkEvmAddress(flipped)).toEqual({ ok: false, reason: 'bad_checksum' });
  });

  it('refuses what is not an EVM address', () => {
    for (const bad of [
      '',
      '0x123',
      `${EIP55[0]}00`,
      'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      `0x${'g'.repeat(40)}`,
    ])
      expect(checkEvmAddress(bad)).toEqual({ ok: false, reason: 'not_evm' });
  });
});

describe('withdrawal rules', () => {
  const limits = { fee: parseUnits('1'), minimum: parseUnits('10') };
  const u = parseUnits;

  it('refuses below the minimum, not above the fee, and more than available', () => {
    expect(amountRefusal(u('9.99'), limits, u('100'))).toBe('below_minimum');
    expect(amountRefusal(u('1'), { fee: u('1'), minimum: u('0.5') }, u('100'))).toBe('not_above_fee');
    expect(amountRefusal(u('100.01'), limits, u('100'))).toBe('more_than_available');
    expect(amountRefusal(u('10'), limits, u('10'))).toBeNull();
  });

  it('needs no operator up to the review threshold, one above it, two above the large one', () => {
    const t = { review: u('1000'), large: u('10000') };
    expect(approvalsNeeded(u('1000'), t)).toBe(0);
    expect(approvalsNeeded(u('1000.01'), t)).toBe(1);
    expect(approvalsNeeded(u('10000'), t)).toBe(1);
    expect(approvalsNeeded(u('10000.01'), t)).toBe(2);
  });

  it('lets an operator approve once, only while under review', () => {
    expect(approvalRefusal(true, [], 'a')).toBeNull();
    expect(approvalRefusal(true, ['a'], 'a')).toBe('same_operator');
    expect(approvalRefusal(true, ['a'], 'b')).toBeNull();
    expect(approvalRefusal(false, [], 'a')).toBe('already_decided');
  });
});
