import { describe, expect, it } from 'vitest';
import { findRoute } from './areas.ts';
import { loginPathFor, RETURN_PARAM, safeReturnPath } from './returnTo.ts';

describe('return after login', () => {
  it('builds a login path that carries the way back', () => {
    const path = loginPathFor('/pages/index/Transfer?coin=USDT');
    expect(path).toBe('/pages/login/login?redirect=%2Fpages%2Findex%2FTransfer%3Fcoin%3DUSDT');
    const back = new URLSearchParams(path.split('?')[1]).get(RETURN_PARAM);
    expect(safeReturnPath(back, findRoute)).toBe('/pages/index/Transfer?coin=USDT');
  });

  it('accepts known in-app routes', () => {
    expect(safeReturnPath('/pages/assets/shezhi', findRoute)).toBe('/pages/assets/shezhi');
  });

  it('sends anything else home', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'pages/assets/shezhi',
      '//evil.example',
      'https://evil.example',
      '/nowhere',
    ]) {
      expect(safeReturnPath(bad, findRoute)).toBe('/');
    }
  });

  it('never returns to the login screens themselves', () => {
    expect(safeReturnPath('/pages/login/login', findRoute)).toBe('/');
    expect(safeReturnPath('/pages/login/register?code=AB12', findRoute)).toBe('/');
  });
});
