import type { FastifyInstance } from 'fastify';
import { failField } from './errors.ts';

/**
 * A NUL character (`\u0000`) in any text a request sends is refused as that field's invalid value,
 * before a handler runs: PostgreSQL cannot store it in text and fails the statement, which would
 * otherwise answer a search, a nickname or an id holding one with a 500.
 */
export function installNulRefusal(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = fieldWithNul(part);
      if (field !== undefined) failField('field_invalid', field);
    }
  });
}

/** The top-level field whose value holds a NUL anywhere inside it ('body' for a bare string). */
function fieldWithNul(value: unknown, field = 'body', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? field : undefined;
  // Bytes (a parser that keeps a raw body) are not text: a NUL byte is data there.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 32)
    return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return depth === 0 ? key : field;
    const found = fieldWithNul(inner, depth === 0 ? key : field, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
