import { describe, expect, it } from 'vitest';
import { deviceName, parsePhoneInfo, writePhoneInfo } from './phoneInfo.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  webview:
    'Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SD1A.210817.036; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/94.0 Mobile Safari/537.36',
  reduced:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/125.0 Safari/537.36',
};

describe('parsePhoneInfo', () => {
  it('reads iOS and iPadOS versions and the device family', () => {
    expect(parsePhoneInfo(UA.iphone)).toEqual({ xitong: 'iOS 17.4.1', jixing: 'iPhone' });
    expect(parsePhoneInfo(UA.ipad)).toEqual({ xitong: 'iPadOS 16.6', jixing: 'iPad' });
  });

  it('reads the Android version and model, without the build id', () => {
    expect(parsePhoneInfo(UA.samsung)).toEqual({ xitong: 'Android 13', jixing: 'SM-S918B' });
    expect(parsePhoneInfo(UA.webview)).toEqual({ xitong: 'Android 12', jixing: 'Pixel 6' });
  });

  it('does not mistake the reduced user agent placeholder for a model', () => {
    expect(parsePhoneInfo(UA.reduced)).toEqual({ xitong: 'Android 10', jixing: 'Unknown' });
  });

  it('names desktop systems', () => {
    expect(parsePhoneInfo(UA.windows)).toEqual({ xitong: 'Windows', jixing: 'PC' });
    expect(parsePhoneInfo(UA.mac)).toEqual({ xitong: 'macOS 10.15.7', jixing: 'Mac' });
    expect(parsePhoneInfo(UA.linux)).toEqual({ xitong: 'Linux', jixing: 'PC' });
    expect(parsePhoneInfo('')).toEqual({ xitong: 'Unknown', jixing: 'Unknown' });
  });

  it('prefers the client hints platform for the system', () => {
    expect(parsePhoneInfo(UA.samsung, 'Android')).toEqual({ xitong: 'Android', jixing: 'SM-S918B' });
    expect(parsePhoneInfo(UA.windows, ' ')).toEqual({ xitong: 'Windows', jixing: 'PC' });
  });
});

describe('writePhoneInfo', () => {
  it('stores phoneInfo as JSON with xitong and jixing', () => {
    const written = new Map<string, string>();
    const nav = { userAgent: UA.iphone } as Navigator;
    writePhoneInfo({ setItem: (k, v) => void written.set(k, v) }, nav);
    expect(JSON.parse(written.get('phoneInfo') ?? '')).toEqual({ xitong: 'iOS 17.4.1', jixing: 'iPhone' });
  });
});

describe('deviceName', () => {
  const stored = (value: string | null) => ({ getItem: () => value });

  it('names the device from the stored phoneInfo, as the sessions list shows it', () => {
    expect(deviceName(stored(JSON.stringify({ xitong: 'iOS 17.4.1', jixing: 'iPhone' })))).toBe(
      'iOS 17.4.1 · iPhone',
    );
    expect(deviceName(stored(JSON.stringify({ xitong: 'Android 10', jixing: 'Unknown' })))).toBe(
      'Android 10',
    );
  });

  it('is undefined when nothing usable is stored', () => {
    expect(deviceName(stored(null))).toBeUndefined();
    expect(deviceName(stored('not json'))).toBeUndefined();
    expect(
      deviceName({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBeUndefined();
  });
});
