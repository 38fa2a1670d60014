import { startTransition, useEffect, useState } from 'react';

/** The rows a phone shows before scrolling (about 12 at 61 px under the market page's head). */
export const FIRST_SCREEN_ROWS = 12;

/**
 * Whether to draw a long list's rows below the first screen yet: false on the first render, true
 * from a transition started right after it. React draws a transition in slices of a few
 * milliseconds, yielding to the browser between them, so the first screen shows after one short
 * task and the other rows follow without one long one (issue 13: drawing the 72 rows of the market
 * list at once was most of its blocking time at Lighthouse's 4x CPU slowdown).
 */
export function useRestLater(): boolean {
  const [rest, setRest] = useState(false);
  useEffect(() => {
    startTransition(() => setRest(true));
  }, []);
  return rest;
}
