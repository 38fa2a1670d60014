import { describe, expect, it } from 'vitest';
import { isAppPath, noticeDetailPath } from './paths.ts';

describe('notification links', () => {
  it('are followed only when they are paths inside the app', () => {
    expect(isAppPath('/pages/assets/zhanghuDetail?account=funding&asset=USDT')).toBe(true);
    expect(isAppPath('/pages/assets/auth')).toBe(true);
    for (const link of [
      'https://phish.example',
      '//phish.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ])
      expect(isAppPath(link), String(link)).toBe(false);
  });

  it('open a notification by its id', () => {
    expect(noticeDetailPath('42')).toBe('/pages/assets/xiaoxitongzhiDetails?id=42');
  });
});
