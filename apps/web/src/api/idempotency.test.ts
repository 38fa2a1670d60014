import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys, newUuid, withIdempotencyKey } from './idempotency.ts';

describe('idempotency keys', () => {
  it('reuse the key for the same submission and change it for another', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `key-${++n}`);
    const first = keys.keyFor('funding>contract USDT 10');
    expect(keys.keyFor('funding>contract USDT 10')).toBe(first);
    expect(keys.keyFor('funding>contract USDT 11')).toBe('key-2');
    expect(keys.keyFor('funding>contract USDT 10')).toBe('key-3');
  });

  it('start afresh once a submission went through', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `key-${++n}`);
    keys.keyFor('a');
    keys.done();
    expect(keys.keyFor('a')).toBe('key-2');
  });

  it('are UUIDs the server accepts', () => {
    const key = newUuid();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(key).toMatch(/^[\w-]{8,64}$/);
    expect(newUuid()).not.toBe(key);
  });

  it('key an order by its body: the same order sent again keeps its key, a changed one gets another', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `key-${++n}`);
    const order = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', qty: '1' };
    const sent = withIdempotencyKey(order, keys);
    expect(sent).toEqual({ ...order, idempotencyKey: 'key-1' });
    expect(order).not.toHaveProperty('idempotencyKey');
    expect(withIdempotencyKey({ ...order }, keys).idempotencyKey).toBe('key-1');
    expect(withIdempotencyKey({ ...order, qty: '2' }, keys).idempotencyKey).toBe('key-2');
    keys.done();
    expect(withIdempotencyKey({ ...order, qty: '2' }, keys).idempotencyKey).toBe('key-3');
  });
});
