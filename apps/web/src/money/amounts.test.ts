import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import {
  ACCOUNT_KINDS,
  ACCOUNT_LABELS,
  ACCOUNT_TAB_LABELS,
  amountProblemMessage,
  amountTone,
  amountToSend,
  checkAmount,
  cleanAmountInput,
  hidesZeroBalances,
  isAccountKind,
  maxAmount,
  otherAccount,
  visibleBalances,
  withSign,
} from './amounts.ts';

const lookup = (key: string) =>
  key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], en);

describe('account kinds', () => {
  it('recognise only the three kinds and are all labelled', () => {
    expect(isAccountKind('funding')).toBe(true);
    expect(isAccountKind('Funding')).toBe(false);
    expect(isAccountKind(undefined)).toBe(false);
    for (const kind of ACCOUNT_KINDS) {
      expect(typeof lookup(ACCOUNT_LABELS[kind])).toBe('string');
      expect(typeof lookup(ACCOUNT_TAB_LABELS[kind])).toBe('string');
      expect(otherAccount(kind)).not.toBe(kind);
    }
  });
});

describe('visibleBalances', () => {
  const rows = [
    { asset: 'USDT', total: '10' },
    { asset: 'BTC', total: '0' },
    { asset: 'ETH', total: '0.000000000000000001' },
  ];
  it('hides only exact zeros when asked', () => {
    expect(visibleBalances(rows, false).map((r) => r.asset)).toEqual(['USDT', 'BTC', 'ETH']);
    expect(visibleBalances(rows, true).map((r) => r.asset)).toEqual(['USDT', 'ETH']);
  });
  it('hides them until the user chose to see them on this device', () => {
    expect(hidesZeroBalances(undefined)).toBe(true);
    expect(hidesZeroBalances(true)).toBe(true);
    expect(hidesZeroBalances(false)).toBe(false);
  });
});

describe('cleanAmountInput', () => {
  it('keeps digits and one point, a comma counting as the point', () => {
    expect(cleanAmountInput('12.5')).toBe('12.5');
    expect(cleanAmountInput('12,5')).toBe('12.5');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput(' -1e5 ')).toBe('15');
    expect(cleanAmountInput('')).toBe('');
  });
});

describe('maxAmount', () => {
  it('cuts what is available to the asset decimals, never rounding up', () => {
    expect(maxAmount('12.3456789', 2)).toBe('12.34');
    expect(maxAmount('0.999999999', 8)).toBe('0.99999999');
    expect(maxAmount('100', 6)).toBe('100');
    expect(maxAmount('5.5', 0)).toBe('5');
  });

  it('is zero for nothing or nonsense', () => {
    expect(maxAmount('0', 8)).toBe('0');
    expect(maxAmount('abc', 8)).toBe('0');
  });
});

describe('checkAmount', () => {
  const usdt = { decimals: 6, available: '100.5' };
  it('asks for an amount', () => {
    expect(checkAmount('', usdt)).toEqual({ kind: 'enter' });
    expect(checkAmount('  ', usdt)).toEqual({ kind: 'enter' });
  });

  it('refuses what is not a plain decimal', () => {
    expect(checkAmount('1e3', usdt)).toEqual({ kind: 'invalid' });
    expect(checkAmount('-1', usdt)).toEqual({ kind: 'invalid' });
    expect(checkAmount('.', usdt)).toEqual({ kind: 'invalid' });
  });

  it('holds the asset decimals', () => {
    expect(checkAmount('1.1234567', usdt)).toEqual({ kind: 'decimals', decimals: 6 });
    expect(checkAmount('1.123456', usdt)).toBeNull();
    expect(checkAmount('1.5', { decimals: 0 })).toEqual({ kind: 'decimals', decimals: 0 });
  });

  it('needs more than zero and not more than available, compared exactly', () => {
    expect(checkAmount('0', usdt)).toEqual({ kind: 'zero' });
    expect(checkAmount('0.000', usdt)).toEqual({ kind: 'zero' });
    expect(checkAmount('100.5', usdt)).toBeNull();
    expect(checkAmount('100.500001', usdt)).toEqual({ kind: 'insufficient' });
    expect(checkAmount('99999999999999', { decimals: 2 })).toBeNull();
  });

  it('reads "5." and ".5" as a user means them', () => {
    expect(checkAmount('5.', usdt)).toBeNull();
    expect(checkAmount('.5', usdt)).toBeNull();
    expect(amountToSend('5.')).toBe('5');
    expect(amountToSend('.50')).toBe('0.5');
    expect(amountToSend(' 12.300 ')).toBe('12.3');
  });

  it('maps every problem to an English message', () => {
    for (const problem of [
      { kind: 'enter' },
      { kind: 'invalid' },
      { kind: 'decimals', decimals: 2 },
      { kind: 'zero' },
      { kind: 'insufficient' },
    ] as const) {
      const { key, count } = amountProblemMessage(problem);
      const text = problem.kind === 'decimals' ? lookup(`${key}_other`) : lookup(key);
      expect(typeof text, key).toBe('string');
      if (problem.kind === 'decimals') expect(count).toBe(2);
    }
  });
});

describe('signed amounts', () => {
  it('colour money in green and out red', () => {
    expect(amountTone('12.5')).toBe('up');
    expect(amountTone('-0.1')).toBe('down');
    expect(amountTone('0')).toBe('flat');
    expect(amountTone('-0')).toBe('flat');
  });

  it('always show the sign of a change', () => {
    expect(withSign('12.5', '12.5')).toBe('+12.5');
    expect(withSign('-1000', '-1,000')).toBe('-1,000');
    expect(withSign('0', '0')).toBe('0');
  });
});
