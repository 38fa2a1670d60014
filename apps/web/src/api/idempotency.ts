/**
 * Idempotency keys for money-moving requests: one key per submission attempt, reused when the
 * user sends the same submission again (after a timeout, say), so the server moves money once.
 * A different submission (any field changed) or a finished one gets a fresh key.
 */
export interface IdempotencyKeys {
  /** The key for a submission described by `fingerprint`. */
  keyFor(fingerprint: string): string;
  /** The submission went through: the next one gets a new key. */
  done(): void;
}

export function createIdempotencyKeys(newKey: () => string = newUuid): IdempotencyKeys {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: newKey() };
      return current.key;
    },
    done() {
      current = null;
    },
  };
}

/** crypto.randomUUID where the browser offers it (secure contexts only), else the same from random bytes. */
export function newUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A request body with the key of its submission (its JSON is the fingerprint): sent again
 * unchanged after a failure, it carries the same key, so the server places the order once.
 */
export function withIdempotencyKey<B extends object>(
  body: B,
  keys: IdempotencyKeys,
): B & { idempotencyKey: string } {
  return { ...body, idempotencyKey: keys.keyFor(JSON.stringify(body)) };
}
