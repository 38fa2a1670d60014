import { describe, expect, it } from 'vitest';
import { feedOwnership } from '../../../src/market/ownership.ts';

const URLS = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe('feed ownership on a shared database', () => {
  it('is always this process on the embedded database', async () => {
    const solo = feedOwnership(undefined);
    await expect(solo.acquired).resolves.toBeUndefined();
    await solo.release();
  });

  it.each(URLS)(
    'goes to one engine at a time, and a standby takes over when the owner stops (%s)',
    async (url) => {
      const first = feedOwnership(url, 50);
      await first.acquired;
      const second = feedOwnership(url, 50);
      let secondOwns = false;
      void second.acquired.then(() => {
        secondOwns = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(secondOwns).toBe(false);
      await first.release();
      await second.acquired;
      expect(secondOwns).toBe(true);
      await second.release();
    },
  );
});
