import { formatTokenUnits, parseTokenAmount, TokenAmountError } from '@otc/core/money/token-units';
import { decodeFunctionData, erc20Abi, getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { isAddress, toChecksumAddress } from './address.ts';
import { encodeBalanceOf, encodeTransfer, SELECTORS } from './erc20.ts';

describe('amounts to token units', () => {
  it('converts exactly, where floats would not', () => {
    expect(parseTokenAmount('100', 6)).toBe(100_000_000n);
    expect(parseTokenAmount('0.1', 6)).toBe(100_000n);
    expect(parseTokenAmount('1.000001', 6)).toBe(1_000_001n);
    expect(parseTokenAmount('0.3', 18)).toBe(300_000_000_000_000_000n);
    // 2^53 + 1 USDT at 18 decimals: beyond any float.
    expect(parseTokenAmount('9007199254740993.000000000000000001', 18)).toBe(
      9007199254740993000000000000000001n,
    );
    expect(parseTokenAmount('7.00', 0)).toBe(7n);
  });

  it('refuses what is no amount, or finer than the token', () => {
    expect(() => parseTokenAmount('1.0000001', 6)).toThrow(TokenAmountError);
    for (const bad of ['', '-1', '1e6', '0x10', '1.', '.5', '1,5', 'abc'])
      expect(() => parseTokenAmount(bad, 6)).toThrow(TokenAmountError);
  });

  it('turns units back into the same decimal', () => {
    expect(formatTokenUnits(100_000_000n, 6)).toBe('100');
    expect(formatTokenUnits(1n, 6)).toBe('0.000001');
    expect(formatTokenUnits(123_456_789n, 18)).toBe('0.000000000123456789');
    for (const amount of ['0', '12.5', '0.000001', '98765432.123456'])
      expect(formatTokenUnits(parseTokenAmount(amount, 6), 6)).toBe(amount);
  });
});

describe('EIP-55 checksums (keccak-256 from @noble/hashes)', () => {
  it('checksums the EIP-55 examples', () => {
    const examples = [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ];
    for (const address of examples) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(isAddress(address)).toBe(true);
    }
    const lower = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    expect(toChecksumAddress(lower)).toBe(getAddress(lower));
  });

  it('refuses a mixed-case address with a wrong checksum, or no address', () => {
    expect(isAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
    expect(() => toChecksumAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toThrow();
  });
});

describe('ERC-20 calldata', () => {
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

  it('encodes an exact-amount transfer that an ABI decoder reads back', () => {
    const data = encodeTransfer(to, parseTokenAmount('100', 6));
    expect(data).toBe(
      '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c80000000000000000000000000000000000000000000000000000000005f5e100',
    );
    expect(decodeFunctionData({ abi: erc20Abi, data })).toEqual({
      functionName: 'transfer',
      args: [to, 100_000_000n],
    });
    expect(decodeFunctionData({ abi: erc20Abi, data: encodeBalanceOf(to) })).toEqual({
      functionName: 'balanceOf',
      args: [to],
    });
  });

  it('refuses a bad recipient or an amount out of uint256', () => {
    expect(() => encodeTransfer('0x70997970C51812dc3A010C7d01b50e0d17dc79c8', 1n)).toThrow();
    expect(() => encodeTransfer(to, -1n)).toThrow(RangeError);
    expect(() => encodeTransfer(to, 1n << 256n)).toThrow(RangeError);
  });

  it('never encodes approve: no allowance selector anywhere in the web app (PRODUCT.md invariant 2)', () => {
    const approve = '095ea7b3';
    expect(Object.values(SELECTORS).some((s) => s.includes(approve))).toBe(false);
    // Every source file of the web app, as text (this test aside: it names what it looks for).
    const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!./encoding.test.ts'], {
      eager: true,
      query: '?raw',
      import: 'default',
    });
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const offenders = Object.entries(sources)
      .filter(
        ([, text]) =>
          text.toLowerCase().includes(approve) || /approve\(address|increaseAllowance/i.test(text),
      )
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
