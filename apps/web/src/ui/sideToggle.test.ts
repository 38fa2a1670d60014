import { describe, expect, it } from 'vitest';
import { sideButtonClass } from './sideToggle.ts';

describe('a ticket side button', () => {
  it('names its ticket, its side and, when chosen, that it is on (what colours it)', () => {
    expect(sideButtonClass('spot', 'buy', 'buy')).toBe('spot-side spot-side-buy spot-side-on');
    expect(sideButtonClass('spot', 'sell', 'buy')).toBe('spot-side spot-side-sell');
    expect(sideButtonClass('pos', 'short', 'short')).toBe('pos-side pos-side-short pos-side-on');
    expect(sideButtonClass('pos', 'long', 'short')).toBe('pos-side pos-side-long');
  });
});
