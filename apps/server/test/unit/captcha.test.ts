import { describe, expect, it } from 'vitest';
import { renderCaptcha } from '../../src/auth/captcha.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_GLYPHS } from '../../src/auth/captcha-font.ts';

describe('captcha', () => {
  it('has a distinct glyph for every character it may draw, and none for look-alikes', () => {
    const shapes = new Set(Object.values(CAPTCHA_GLYPHS));
    expect(shapes.size).toBe(CAPTCHA_ALPHABET.length);
    for (const confusable of ['0', 'O', '1', 'I', 'L']) expect(CAPTCHA_ALPHABET).not.toContain(confusable);
  });

  it('draws the answer as paths, never as text, and differently each time', () => {
    const a = renderCaptcha('AB23Z');
    const b = renderCaptcha('AB23Z');
    expect(a).toMatch(/^<svg /);
    expect(a).not.toContain('<text');
    expect(a).not.toContain('AB23Z');
    expect((a.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(a).not.toBe(b);
  });
});
