import { describe, expect, it } from 'vitest';
import { clockFor, ManualClock, systemClock } from '../../src/platform/clock.ts';

describe('the manual clock', () => {
  it('stands still until moved, and moves by advance or to a moment', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    expect(clock.now()).toBe(Date.UTC(2026, 0, 1));
    expect(clock.advance(10_000)).toBe(Date.UTC(2026, 0, 1, 0, 0, 10));
    expect(clock.date().toISOString()).toBe('2026-01-01T00:00:10.000Z');
    clock.set(new Date('2025-06-01T00:00:00Z'));
    expect(clock.now()).toBe(Date.UTC(2025, 5, 1));
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('fires what waits on a moment when a move reaches it, in time order, once', () => {
    const clock = new ManualClock(0);
    const fired: string[] = [];
    clock.at(300, () => fired.push('c'));
    clock.at(100, () => fired.push('a'));
    const cancel = clock.at(200, () => fired.push('cancelled'));
    clock.at(200, () => fired.push('b'));
    cancel();
    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(250);
    expect(fired).toEqual(['a', 'b', 'c']);
    clock.advance(1000);
    expect(fired).toEqual(['a', 'b', 'c']);
  });

  it('fires a wait already due after the caller finishes, as a zero timer would', async () => {
    const clock = new ManualClock(1000);
    const fired: number[] = [];
    clock.at(500, () => fired.push(1));
    expect(fired).toEqual([]);
    await Promise.resolve();
    expect(fired).toEqual([1]);
  });

  it('going back fires nothing', () => {
    const clock = new ManualClock(1000);
    let fired = false;
    clock.at(2000, () => {
      fired = true;
    });
    clock.set(0);
    expect(fired).toBe(false);
  });
});

describe('the system clock', () => {
  it('is the machine’s time and fires a wait when it comes', async () => {
    const before = Date.now();
    expect(systemClock.now()).toBeGreaterThanOrEqual(before);
    const fired = await new Promise<number>((resolve) =>
      systemClock.at(Date.now() + 20, () => resolve(Date.now())),
    );
    expect(fired).toBeGreaterThanOrEqual(before + 20);
  });

  it('is what a server runs on unless CLOCK=manual, and always in production', () => {
    expect(clockFor({ clock: 'system', production: false }).kind).toBe('system');
    expect(clockFor({ clock: 'manual', production: false }).kind).toBe('manual');
    expect(clockFor({ clock: 'manual', production: true }).kind).toBe('system');
  });
});
