/** Whole seconds left until `endsAt` (ms), never negative; 0.2 s left still reads as 1. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
