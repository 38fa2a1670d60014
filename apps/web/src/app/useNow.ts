import { useEffect, useState } from 'react';

/** The current time, ticking every `everyMs` while `active`. */
export function useNow(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
