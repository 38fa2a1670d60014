import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('TRUST_PROXY', () => {
  it('trusts no forwarded address by default, and only the proxies or hops it names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it('refuses true, which would let every client choose its address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
