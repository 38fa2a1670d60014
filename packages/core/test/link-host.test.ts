import { describe, expect, it } from 'vitest';
import { linkHost } from '../src/link-host.ts';

describe('the host a link really leads to', () => {
  it('reads it as a browser does: user info and ports are not the host', () => {
    expect(linkHost('https://otc.example@evil.io/login')).toBe('evil.io');
    expect(linkHost('https://binance.com.evil.io/login')).toBe('binance.com.evil.io');
    expect(linkHost('HTTP://Help.Example.COM:8080/a')).toBe('help.example.com');
  });

  it("gives a mailto link its address's domain", () => {
    expect(linkHost('mailto:Support@Example.COM')).toBe('example.com');
    expect(linkHost('mailto:nobody')).toBeNull();
  });

  it('has none for scripts and for text that is no URL', () => {
    expect(linkHost('javascript:alert(1)')).toBeNull();
    expect(linkHost('not a url')).toBeNull();
  });
});
