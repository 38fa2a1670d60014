import { z } from 'zod';
import { ERROR_KEYS } from './errors.ts';

/** `code` 200 is success; any other code mirrors the HTTP status, so a client reads either. */
export const SUCCESS_CODE = 200;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(SUCCESS_CODE), msg: z.string(), data });
}

export const errorDetail = z.object({
  error: z.enum(ERROR_KEYS as [string, ...string[]]),
  field: z.string().optional(),
  /** On 405 `method_not_allowed`: the methods the path answers (also in the `Allow` header). */
  allowed: z.array(z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorDetail = z.infer<typeof errorDetail>;

export const errorEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: errorDetail });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
