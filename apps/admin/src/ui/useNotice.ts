import { useState } from 'react';

/** What a page's last action did, shown until dismissed or the next action starts. */
export function useNotice() {
  const [text, setText] = useState<string | null>(null);
  return { text, show: setText, clear: () => setText(null) };
}
export type Notice = ReturnType<typeof useNotice>;
