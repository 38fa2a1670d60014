import { useEffect, useRef } from 'react';
import { type FrameInfo, subscribeChannel } from './socket.ts';

/**
 * Listens to a socket channel while the component is mounted; `null` listens to nothing. The
 * latest `onData` is called, so it need not be memoised.
 */
export function useChannel<T>(channel: string | null, onData: (data: T, info: FrameInfo) => void): void {
  const latest = useRef(onData);
  useEffect(() => {
    latest.current = onData;
  });
  useEffect(() => {
    if (!channel) return;
    return subscribeChannel(channel, (data, info) => latest.current(data as T, info));
  }, [channel]);
}
