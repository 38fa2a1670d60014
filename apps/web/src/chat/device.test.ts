import { deviceToken } from '@otc/protocol/chat/schemas';
import { describe, expect, it } from 'vitest';
import { newDeviceToken } from './device.ts';

describe('a guest device token', () => {
  it('is 32 random bytes as base64url, 43 characters the server accepts', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => 250 + (i % 6));
    // 0xfa..0xff encode to '-' and '_' in base64url, the characters base64 writes as '+' and '/'.
    const token = newDeviceToken((b) => {
      b.set(bytes);
      return b;
    });
    expect(token).toHaveLength(43);
    expect(token).toBe(Buffer.from(bytes).toString('base64url'));
    expect(deviceToken.safeParse(token).success).toBe(true);
  });

  it('differs each time it is made from the platform’s random source', () => {
    expect(newDeviceToken()).not.toBe(newDeviceToken());
  });
});
