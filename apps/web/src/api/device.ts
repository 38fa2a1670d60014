/**
 * Seed §7: on start the app stores the device platform (`xitong`) and model (`jixing`)
 * (`phoneInfo.ts`, loaded after the first screen: reading a user agent is no part of drawing it).
 */
export interface PhoneInfo {
  xitong: string;
  jixing: string;
}

/**
 * The device as the sessions list names it ("iOS 17.4 · iPhone"), from what the app stored at
 * start; undefined when nothing is stored or storage is closed to it.
 */
export function deviceName(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): string | undefined {
  try {
    const info = JSON.parse(storage?.getItem('phoneInfo') ?? 'null') as Partial<PhoneInfo> | null;
    if (!info?.xitong) return undefined;
    return info.jixing && info.jixing !== 'Unknown' ? `${info.xitong} · ${info.jixing}` : info.xitong;
  } catch {
    return undefined;
  }
}
