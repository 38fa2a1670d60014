import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gasAccountUnderfunded, type SweepReading, sweepStep } from '../../../src/cashier/sweep/sweeps.ts';
import { parseUnits } from '../../../src/money/decimal.ts';

const base: SweepReading = {
  tokens: 25_000_000n,
  decimals: 6,
  dust: parseUnits('1'),
  gasPrice: 2_000_000_000n,
  maxGasPrice: 200_000_000_000n,
  native: 0n,
  gasAccount: 10n ** 18n,
  transferGas: 100_000n,
  topUpGas: 21_000n,
};

describe('the sweep rule', () => {
  it('moves the whole token balance once the address can pay its gas', () => {
    expect(sweepStep({ ...base, native: 100_000n * base.gasPrice })).toEqual({
      kind: 'transfer',
      tokens: 25_000_000n,
    });
  });

  it('tops up exactly what the address lacks for the transfer’s gas', () => {
    expect(sweepStep({ ...base, native: 1_000n })).toEqual({
      kind: 'top_up',
      wei: 100_000n * base.gasPrice - 1_000n,
    });
  });

  it('skips with a reason: dust, a gas price above the cap, an underfunded gas account', () => {
    expect(sweepStep({ ...base, tokens: 999_999n })).toEqual({ kind: 'skip', reason: 'dust' });
    expect(sweepStep({ ...base, gasPrice: base.maxGasPrice + 1n })).toEqual({
      kind: 'skip',
      reason: 'gas_price',
    });
    expect(sweepStep({ ...base, gasAccount: 100_000n * base.gasPrice })).toEqual({
      kind: 'skip',
      reason: 'gas_underfunded',
    });
    expect(sweepStep({ ...base, tokens: 0n })).toEqual({ kind: 'nothing' });
  });

  it('never transfers more than the balance, nor without the gas, nor tops up past the gas account', () => {
    const big = fc.bigInt({ min: 0n, max: 10n ** 24n });
    fc.assert(
      fc.property(
        big,
        big,
        big,
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (tokens, native, gasAccount, gasPrice) => {
          const r = { ...base, tokens, native, gasAccount, gasPrice, decimals: 18 };
          const step = sweepStep(r);
          if (step.kind === 'transfer') {
            expect(step.tokens).toBe(tokens);
            expect(native >= r.transferGas * gasPrice).toBe(true);
          }
          if (step.kind === 'top_up') {
            expect(native + step.wei).toBe(r.transferGas * gasPrice);
            expect(gasAccount >= step.wei + r.topUpGas * gasPrice).toBe(true);
          }
          if (tokens === 0n) expect(step.kind).toBe('nothing');
        },
      ),
    );
  });

  it('warns of a gas account holding less than ten top-ups at the current gas price', () => {
    const one = (100_000n + 21_000n) * base.gasPrice;
    expect(gasAccountUnderfunded(10n * one - 1n, base.gasPrice, 100_000n, 21_000n)).toBe(true);
    expect(gasAccountUnderfunded(10n * one, base.gasPrice, 100_000n, 21_000n)).toBe(false);
  });
});
