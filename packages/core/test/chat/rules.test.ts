import { describe, expect, it } from 'vitest';
import {
  CHAT_FLOOD_MAX,
  CHAT_FLOOD_WINDOW_MS,
  CHAT_TEXT_MAX,
  chatParts,
  chatTextProblem,
  floodAllows,
  looksLikeCode,
} from '../../src/chat/rules.ts';
import { linkHost } from '../../src/link-host.ts';

describe('six-digit code warning', () => {
  it.each(['my code is 123456', '123456', 'it says 123 456', 'code: 123-456.', '(654321)'])(
    'warns on %j',
    (text) => {
      expect(looksLikeCode(text)).toBe(true);
    },
  );

  it.each([
    'order 1234567 is stuck',
    'I sent 123456.78 USDT',
    'I sent 123,456.00 USDT',
    'pin 12345',
    'hello support',
    '12 34 56',
  ])('does not warn on %j', (text) => {
    expect(looksLikeCode(text)).toBe(false);
  });
});

describe('links in staff messages show their real host', () => {
  it('reads the host past a look-alike prefix and user info', () => {
    expect(linkHost('https://binance.com.evil.io/login')).toBe('binance.com.evil.io');
    expect(linkHost('https://otc.example@evil.io/x')).toBe('evil.io');
    expect(linkHost('HTTP://Help.Example.COM:8080/a')).toBe('help.example.com');
  });

  it('refuses what is not an http(s) link', () => {
    expect(linkHost('javascript:alert(1)')).toBeNull();
    expect(linkHost('not a url')).toBeNull();
  });

  it('splits text and links, leaving closing punctuation out of the link', () => {
    expect(chatParts('See https://help.example.com/kyc, then reply.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: 'https://help.example.com/kyc', host: 'help.example.com' },
      { kind: 'text', text: ', then reply.' },
    ]);
    expect(chatParts('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
  });
});

describe('message text', () => {
  it('refuses blank and too long text', () => {
    expect(chatTextProblem('')).toBe('empty');
    expect(chatTextProblem(' \n\t')).toBe('empty');
    expect(chatTextProblem('a'.repeat(CHAT_TEXT_MAX))).toBeNull();
    expect(chatTextProblem('a'.repeat(CHAT_TEXT_MAX + 1))).toBe('tooLong');
    // Counted in characters: 2000 emoji are allowed although they are 4000 UTF-16 units.
    expect(chatTextProblem('😀'.repeat(CHAT_TEXT_MAX))).toBeNull();
  });

  it('keeps HTML as text (the rule does not strip or refuse it)', () => {
    expect(chatTextProblem('<script>alert(1)</script>')).toBeNull();
  });
});

describe('flood limit', () => {
  const now = 1_000_000;
  it(`allows ${CHAT_FLOOD_MAX} messages in ${CHAT_FLOOD_WINDOW_MS} ms and refuses one more`, () => {
    const four = [now - 9_000, now - 5_000, now - 2_000, now - 1];
    expect(floodAllows(four, now)).toBe(true);
    expect(floodAllows([...four, now], now)).toBe(false);
  });

  it('forgets messages older than the window', () => {
    const old = [now - 10_000, now - 12_000, now - 30_000, now - 10_001, now - 20_000];
    expect(floodAllows(old, now)).toBe(true);
  });
});
