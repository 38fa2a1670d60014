import { describe, expect, it } from 'vitest';
import { withAlpha } from './palette.ts';

describe('withAlpha', () => {
  it('turns #rrggbb into rgba at the opacity', () => {
    expect(withAlpha('#0b9e64', 0.4)).toBe('rgba(11, 158, 100, 0.4)');
    expect(withAlpha(' #F0455C ', 1)).toBe('rgba(240, 69, 92, 1)');
  });

  it('turns a computed rgb() into rgba at the opacity', () => {
    expect(withAlpha('rgb(14, 203, 129)', 0.4)).toBe('rgba(14, 203, 129, 0.4)');
  });

  it('leaves a colour it cannot read as it is', () => {
    expect(withAlpha('rgb(1 2 3)', 0.4)).toBe('rgb(1 2 3)');
    expect(withAlpha('#abc', 0.4)).toBe('#abc');
    expect(withAlpha('light-dark(#fff, #000)', 0.4)).toBe('light-dark(#fff, #000)');
  });
});
