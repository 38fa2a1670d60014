import { describe, expect, it } from 'vitest';
import { createThrottle } from './throttle.ts';

describe('createThrottle', () => {
  function fakeClock() {
    let now = 0;
    let timers: { at: number; fn: () => void; id: number }[] = [];
    let nextId = 1;
    return {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => {
        const id = nextId++;
        timers.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimeout: (id: unknown) => {
        timers = timers.filter((t) => t.id !== id);
      },
      advance(ms: number) {
        now += ms;
        const due = timers.filter((t) => t.at <= now);
        timers = timers.filter((t) => t.at > now);
        for (const t of due) t.fn();
      },
    };
  }

  it('emits at once, then at most once per window with the latest value', () => {
    const clock = fakeClock();
    const seen: number[] = [];
    const throttle = createThrottle<number>((v) => seen.push(v), 200, clock);
    throttle.push(1);
    expect(seen).toEqual([1]);
    throttle.push(2);
    throttle.push(3);
    clock.advance(100);
    expect(seen).toEqual([1]);
    clock.advance(100);
    expect(seen).toEqual([1, 3]);
    // 50 frames over one second render at most 5 times.
    for (let i = 0; i < 50; i++) {
      throttle.push(100 + i);
      clock.advance(20);
    }
    clock.advance(200);
    expect(seen.length).toBeLessThanOrEqual(2 + 6);
    expect(seen.at(-1)).toBe(149);
  });

  it('drops what is pending on cancel', () => {
    const clock = fakeClock();
    const seen: number[] = [];
    const throttle = createThrottle<number>((v) => seen.push(v), 200, clock);
    throttle.push(1);
    throttle.push(2);
    throttle.cancel();
    clock.advance(500);
    expect(seen).toEqual([1]);
  });
});
