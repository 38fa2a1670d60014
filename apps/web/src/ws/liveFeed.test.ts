import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createLiveFeed, type Pace } from './liveFeed.ts';

const KEY = ['tape'];
/** A tape: new items on top, as the trades channel's frames are merged. */
const onTop = (current: string[] | undefined, frame: unknown) =>
  typeof frame === 'string' ? [frame, ...(current ?? [])] : current;

/** A pace that writes only when told to, like a throttle's window ending. */
function manualPace() {
  let write: (() => void) | null = null;
  let asked = false;
  const pace: Pace = (w) => {
    write = w;
    return {
      push: () => {
        asked = true;
      },
      cancel: () => {
        asked = false;
      },
    };
  };
  const flush = () => {
    if (asked) write?.();
    asked = false;
  };
  return { pace, flush };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('a live feed', () => {
  it('writes each frame into the cached value, before any snapshot too', () => {
    const client = new QueryClient();
    const feed = createLiveFeed<string[]>({ client, queryKey: KEY, merge: onTop });
    feed.receive('t1');
    feed.receive('t2');
    expect(client.getQueryData(KEY)).toEqual(['t2', 't1']);
  });

  it('merges the frames that came while the snapshot loaded into it, newest on top', async () => {
    const client = new QueryClient();
    const feed = createLiveFeed<string[]>({ client, queryKey: KEY, merge: onTop });
    const rest = deferred<string[]>();
    const loaded = client.fetchQuery({ queryKey: KEY, queryFn: () => feed.load(() => rest.promise) });
    feed.receive('live1');
    feed.receive('live2');
    rest.resolve(['old2', 'old1']);
    await loaded;
    expect(client.getQueryData(KEY)).toEqual(['live2', 'live1', 'old2', 'old1']);
  });

  it('paces writes, merging frames in order, and never writes again what a snapshot took in', async () => {
    const client = new QueryClient();
    const { pace, flush } = manualPace();
    const feed = createLiveFeed<string[]>({ client, queryKey: KEY, merge: onTop, pace });
    feed.receive('a');
    feed.receive('b');
    expect(client.getQueryData(KEY)).toBeUndefined();
    flush();
    expect(client.getQueryData(KEY)).toEqual(['b', 'a']);

    const rest = deferred<string[]>();
    const loaded = client.fetchQuery({ queryKey: KEY, queryFn: () => feed.load(() => rest.promise) });
    feed.receive('c');
    rest.resolve(['b', 'a']);
    await loaded;
    flush();
    expect(client.getQueryData(KEY)).toEqual(['c', 'b', 'a']);
  });

  it('leaves the cache alone for a frame that changes nothing, and after stop', () => {
    const client = new QueryClient();
    const { pace, flush } = manualPace();
    const feed = createLiveFeed<string[]>({ client, queryKey: KEY, merge: onTop, pace });
    feed.receive({ not: 'a trade' });
    flush();
    expect(client.getQueryCache().find({ queryKey: KEY })).toBeUndefined();
    feed.receive('late');
    feed.stop();
    flush();
    expect(client.getQueryData(KEY)).toBeUndefined();
  });
});
