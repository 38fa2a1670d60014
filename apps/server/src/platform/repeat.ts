import type { Stop } from './area.ts';

/**
 * Runs `round` every `everyMs` (and at once with `now`), one round at a time: a round still running
 * when the timer fires is not doubled. The returned stop clears the timer and waits for the round in
 * flight, and `stopped()` tells a long round to end early: a round that outlived the shutdown wrote to
 * a database already closed ("PGlite is closed" in the log after every stop). Each round handles its
 * own errors, as a timer callback must.
 */
export function repeat(
  round: (stopped: () => boolean) => Promise<unknown>,
  everyMs: number,
  { now = false }: { now?: boolean } = {},
): Stop {
  let stopped = false;
  let inFlight: Promise<unknown> | undefined;
  const fire = () => {
    if (stopped || inFlight) return;
    inFlight = round(() => stopped).finally(() => {
      inFlight = undefined;
    });
  };
  const timer = setInterval(fire, everyMs);
  timer.unref();
  if (now) fire();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight?.catch(() => undefined);
  };
}
