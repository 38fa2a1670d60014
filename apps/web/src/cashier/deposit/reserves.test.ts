import { describe, expect, it } from 'vitest';
import { reserveRatio } from './ReservesCard.tsx';

describe('the reserve ratio', () => {
  it('is reserves over liabilities, cut to four places, and absent without liabilities', () => {
    expect(reserveRatio('1012.845678', '1000')).toBe(1.0128);
    expect(reserveRatio('0.5', '3')).toBe(0.1666);
    expect(reserveRatio('10', '0')).toBeNull();
    expect(reserveRatio('10', undefined)).toBeNull();
  });
});
