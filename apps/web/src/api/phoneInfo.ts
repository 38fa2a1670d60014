import type { PhoneInfo } from './device.ts';

export type { PhoneInfo };

const underscoreVersion = (v: string | undefined) => (v ? v.replace(/_/g, '.') : '');
const withVersion = (name: string, version: string) => (version ? `${name} ${version}` : name);

/** Best effort from the user agent; `platform` (navigator.userAgentData.platform) wins for the OS. */
export function parsePhoneInfo(userAgent: string, platform?: string): PhoneInfo {
  const ua = userAgent || '';
  let os = 'Unknown';
  let model = 'Unknown';

  const apple = /\((iPhone|iPad|iPod)[^)]*?OS (\d+(?:_\d+)*)/.exec(ua);
  const android = /Android (\d+(?:\.\d+)*)(?:;\s*([^;)]+))?/.exec(ua);
  if (apple) {
    os = withVersion(apple[1] === 'iPad' ? 'iPadOS' : 'iOS', underscoreVersion(apple[2]));
    model = apple[1] ?? model;
  } else if (android) {
    os = withVersion('Android', android[1] ?? '');
    const candidate = (android[2] ?? '').replace(/\s*Build\/.*$/, '').trim();
    if (candidate && candidate !== 'K' && !/^(wv|Mobile|U|[a-z]{2}(-[a-z]{2})?)$/i.test(candidate)) {
      model = candidate;
    }
  } else if (/Windows NT/.test(ua)) {
    os = 'Windows';
    model = 'PC';
  } else if (/Mac OS X (\d+(?:[_.]\d+)*)/.test(ua)) {
    os = withVersion('macOS', underscoreVersion(/Mac OS X (\d+(?:[_.]\d+)*)/.exec(ua)?.[1]));
    model = 'Mac';
  } else if (/CrOS/.test(ua)) {
    os = 'ChromeOS';
    model = 'Chromebook';
  } else if (/Linux/.test(ua)) {
    os = 'Linux';
    model = 'PC';
  }

  return { xitong: platform?.trim() || os, jixing: model };
}

interface NavigatorUAData {
  platform?: string;
}

export function writePhoneInfo(storage: Pick<Storage, 'setItem'>, nav: Navigator): PhoneInfo {
  const uaData = (nav as Navigator & { userAgentData?: NavigatorUAData }).userAgentData;
  const info = parsePhoneInfo(nav.userAgent, uaData?.platform);
  storage.setItem('phoneInfo', JSON.stringify(info));
  return info;
}

export { deviceName } from './device.ts';
