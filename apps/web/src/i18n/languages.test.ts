import { describe, expect, it } from 'vitest';
import { chooseLanguage, isLanguage } from './languages.ts';

describe('chooseLanguage', () => {
  it('keeps a stored choice', () => {
    expect(chooseLanguage('sv', ['de-DE'])).toBe('sv');
  });

  it('otherwise follows the browser, mapping any Chinese to Traditional Chinese', () => {
    expect(chooseLanguage(undefined, ['pt-BR', 'en'])).toBe('pt');
    expect(chooseLanguage(undefined, ['zh-CN'])).toBe('zh-TW');
    expect(chooseLanguage('xx', ['ko-KR'])).toBe('ko');
  });

  it('falls back to English', () => {
    expect(chooseLanguage(undefined, [])).toBe('en');
    expect(chooseLanguage(undefined, ['nl-NL'])).toBe('en');
    expect(chooseLanguage(undefined, undefined)).toBe('en');
  });

  it('knows the 12 language codes', () => {
    expect(isLanguage('zh-TW')).toBe(true);
    expect(isLanguage('zh')).toBe(false);
  });
});
