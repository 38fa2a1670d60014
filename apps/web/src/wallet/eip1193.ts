/** EIP-1193: what a browser wallet offers the page, and the error codes the app tells apart. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
}

/** EIP-1193 / EIP-3326 codes. */
export const USER_REJECTED = 4001;
export const UNRECOGNIZED_CHAIN = 4902;

export function errorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** The wallet's own words for a failure (what the user is shown), never an empty line. */
export function errorReason(error: unknown): string {
  const e = error as { shortMessage?: unknown; message?: unknown } | null;
  const text =
    typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : '';
  return text.trim() || String(error);
}

export function isProvider(value: unknown): value is Eip1193Provider {
  return typeof (value as { request?: unknown } | null)?.request === 'function';
}
