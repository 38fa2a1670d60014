import { describe, expect, it } from 'vitest';
import { joinUrl, serializeQuery } from './query.ts';

describe('serializeQuery', () => {
  it('returns an empty string when there is nothing to send', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({})).toBe('');
    expect(serializeQuery({ a: undefined, b: null })).toBe('');
  });

  it('encodes values, repeats array keys and keeps falsy scalars', () => {
    expect(serializeQuery({ account: '+1 555@x.com', page: 2, all: false, zero: 0 })).toBe(
      '?account=%2B1+555%40x.com&page=2&all=false&zero=0',
    );
    expect(serializeQuery({ id: [1, 2, 3], q: 'a&b=c' })).toBe('?id=1&id=2&id=3&q=a%26b%3Dc');
  });

  it('round-trips through URLSearchParams', () => {
    const text = serializeQuery({ name: 'ü é 漢字', empty: '' });
    const parsed = new URLSearchParams(text.slice(1));
    expect(parsed.get('name')).toBe('ü é 漢字');
    expect(parsed.get('empty')).toBe('');
  });
});

describe('joinUrl', () => {
  it('keeps same-origin paths as they are', () => {
    expect(joinUrl('', '/api/auth/login')).toBe('/api/auth/login');
  });

  it('puts exactly one slash between base and path', () => {
    expect(joinUrl('https://api.example.com/', '/api/x')).toBe('https://api.example.com/api/x');
    expect(joinUrl('https://api.example.com', 'api/x')).toBe('https://api.example.com/api/x');
  });
});
