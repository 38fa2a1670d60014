import { describe, expect, it } from 'vitest';
import { Shutdown, type ShutdownStep } from '../../src/platform/shutdown.ts';

function recorder() {
  const lines: { detail: Record<string, unknown>; message: string }[] = [];
  const log = {
    info: (detail: object, message: string) =>
      lines.push({ detail: detail as Record<string, unknown>, message }),
    error: (detail: object, message: string) =>
      lines.push({ detail: detail as Record<string, unknown>, message }),
  };
  return { lines, log };
}

describe('a SIGTERM shutdown', () => {
  it('runs every step in order, draining from its first moment, and exits 0', async () => {
    const shutdown = new Shutdown();
    const ran: string[] = [];
    const seen: boolean[] = [];
    const step = (name: string): ShutdownStep => ({
      name,
      run: async () => {
        seen.push(shutdown.draining);
        ran.push(name);
      },
    });
    expect(shutdown.draining).toBe(false);
    const { lines, log } = recorder();
    const code = await shutdown.run(
      [step('background work'), step('requests'), step('database')],
      1_000,
      log,
    );
    expect(code).toBe(0);
    expect(ran).toEqual(['background work', 'requests', 'database']);
    expect(seen).toEqual([true, true, true]);
    expect(lines).toEqual([]);
  });

  it('names a failed step, still runs the ones after it, and exits 1', async () => {
    const shutdown = new Shutdown();
    const ran: string[] = [];
    const { lines, log } = recorder();
    const code = await shutdown.run(
      [
        {
          name: 'background work',
          run: () => {
            throw new Error('the maker would not stop');
          },
        },
        { name: 'database', run: () => ran.push('database') },
      ],
      1_000,
      log,
    );
    expect(code).toBe(1);
    expect(ran).toEqual(['database']);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toBe("shutdown step 'background work' failed");
  });

  it('cuts a step off at the limit, names it and what was left, and exits 1', async () => {
    const shutdown = new Shutdown();
    const ran: string[] = [];
    const { lines, log } = recorder();
    const started = Date.now();
    const code = await shutdown.run(
      [
        { name: 'background work', run: () => ran.push('background work') },
        // A client still sending its request: never finishes by itself.
        { name: 'requests', run: () => new Promise(() => undefined) },
        { name: 'database', run: () => ran.push('database') },
      ],
      200,
      log,
    );
    expect(code).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(ran).toEqual(['background work']);
    expect(lines).toEqual([
      {
        detail: { step: 'requests', left: ['database'] },
        message: "shutdown took over 200 ms in 'requests': exiting without finishing it",
      },
    ]);
  });

  it('runs once: a second signal does not start the steps again', async () => {
    const shutdown = new Shutdown();
    let runs = 0;
    const { log } = recorder();
    const steps = [{ name: 'database', run: () => runs++ }];
    expect(await shutdown.run(steps, 1_000, log)).toBe(0);
    expect(await shutdown.run(steps, 1_000, log)).toBe(1);
    expect(runs).toBe(1);
  });
});
