import { describe, expect, it } from 'vitest';
import { tradeButtonState } from './tradeButton.ts';

describe("an order ticket's button", () => {
  it('leads a guest to log in, whether or not the market is open', () => {
    expect(tradeButtonState(false, true)).toBe('login');
    expect(tradeButtonState(false, false)).toBe('login');
  });

  it('places for a signed-in user while the market trades, and reads closed otherwise', () => {
    expect(tradeButtonState(true, true)).toBe('place');
    expect(tradeButtonState(true, false)).toBe('closed');
  });
});
