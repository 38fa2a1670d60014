import { describe, expect, it } from 'vitest';
import { sideButtonClass, toneOf } from './sideToggle.ts';

describe('a ticket side button', () => {
  it('colours the first side (buy, long) up and the second (sell, short) down', () => {
    expect(toneOf(0)).toBe('up');
    expect(toneOf(1)).toBe('down');
  });

  it('is coloured only when chosen, and keeps the ticket’s own class', () => {
    expect(sideButtonClass('up', true, 'spot-side')).toBe(
      'side-toggle-btn side-toggle-up side-toggle-on spot-side',
    );
    expect(sideButtonClass('down', false, 'spot-side')).toBe('side-toggle-btn side-toggle-down spot-side');
    expect(sideButtonClass('down', true)).toBe('side-toggle-btn side-toggle-down side-toggle-on');
    expect(sideButtonClass('up', false)).toBe('side-toggle-btn side-toggle-up');
  });
});
