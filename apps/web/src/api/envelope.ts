import type { ErrorKey } from '@otc/protocol/errors';

export interface ReadEnvelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Reads `{code, msg, data}` from a parsed body; null when the body is not an envelope. */
export function readEnvelope(body: unknown): ReadEnvelope | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, msg, data } = body as Record<string, unknown>;
  const numeric = typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : code;
  if (typeof numeric !== 'number' || !Number.isInteger(numeric)) return null;
  return { code: numeric, msg: typeof msg === 'string' ? msg : '', data };
}

/** The error key and field of an error envelope's data (`{error, field}`), when present. */
export function errorDetail(data: unknown): { key: ErrorKey | undefined; field: string | undefined } {
  if (typeof data !== 'object' || data === null) return { key: undefined, field: undefined };
  const { error, field } = data as Record<string, unknown>;
  return {
    key: typeof error === 'string' ? (error as ErrorKey) : undefined,
    field: typeof field === 'string' ? field : undefined,
  };
}
