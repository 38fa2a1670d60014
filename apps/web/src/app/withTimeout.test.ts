import { describe, expect, it } from 'vitest';
import { TimeoutError, withTimeout } from './withTimeout.ts';

describe('withTimeout', () => {
  it('passes a value that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve('page'), 50)).resolves.toBe('page');
  });

  it('passes a failure that arrives in time', async () => {
    await expect(withTimeout(Promise.reject(new Error('chunk failed')), 50)).rejects.toThrow('chunk failed');
  });

  it('gives up when the promise takes longer', async () => {
    const slow = new Promise((resolve) => setTimeout(resolve, 200, 'late'));
    await expect(withTimeout(slow, 10)).rejects.toBeInstanceOf(TimeoutError);
  });
});
