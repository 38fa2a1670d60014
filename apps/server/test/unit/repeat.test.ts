import { describe, expect, it } from 'vitest';
import { repeat } from '../../src/platform/repeat.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A round the test ends by hand: how many began, and the release of the one running. */
function heldRounds() {
  let began = 0;
  let release = () => {};
  const seen: boolean[] = [];
  const round = async (stopped: () => boolean) => {
    began++;
    await new Promise<void>((r) => {
      release = r;
    });
    seen.push(stopped());
  };
  return { round, began: () => began, release: () => release(), seen };
}

describe('repeat: background rounds that end with the stop', () => {
  it('never runs two rounds at once: a round still running when the timer fires is not doubled', async () => {
    const r = heldRounds();
    const stop = repeat(r.round, 5, { now: true });
    await sleep(40);
    expect(r.began()).toBe(1);
    r.release();
    await sleep(20);
    expect(r.began()).toBe(2);
    r.release();
    await stop();
  });

  it('the stop waits for the round in flight, which sees it as stopped, and no round starts after it', async () => {
    const r = heldRounds();
    const stop = repeat(r.round, 5, { now: true });
    let stopped = false;
    const stopping = Promise.resolve(stop()).then(() => {
      stopped = true;
    });
    await sleep(20);
    // The round is still running: the stop has not returned (a database closed now would fail it).
    expect(stopped).toBe(false);
    r.release();
    await stopping;
    expect(r.seen).toEqual([true]);
    await sleep(30);
    expect(r.began()).toBe(1);
  });

  it('the stop returns when the round in flight fails', async () => {
    let ran = 0;
    const stop = repeat(
      async () => {
        ran++;
        await sleep(10);
        throw new Error('round failed');
      },
      1_000,
      { now: true },
    );
    await expect(stop()).resolves.toBeUndefined();
    expect(ran).toBe(1);
  });
});
