import type { Envelope } from '@otc/protocol/envelope';
import { texts } from '../texts.ts';

/** The operator's session token. Separate from the app's user tokens (different key, different API). */
const TOKEN_KEY = 'adminToken';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called after a request made with a token answers 401 (the token is already cleared). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/**
 * A failed request. `code` mirrors the envelope code (0 when the server could not be reached),
 * `message` is the server's human message, ready to show; `key` is the error key (`data.error`).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly key: string | undefined;
  readonly field: string | undefined;

  constructor(code: number, message: string, key?: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.key = key;
    this.field = field;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return texts.errors.generic;
}

export type QueryParams = Record<string, string | number | undefined | null>;

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  /** A multipart body (a file), sent as the browser encodes it, in place of `body`. */
  form?: FormData;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

/** Sends one request with the operator's token; an unreachable server is an ApiError. */
async function send(method: 'GET' | 'POST', path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, texts.errors.network, 'network');
  }
}

/** Reads the envelope: `data` on code 200, an ApiError otherwise (a 401 with our token ends the session). */
async function settle<T>(response: Response, token: string | null): Promise<T> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!isEnvelope(payload)) {
    throw new ApiError(response.status || 500, texts.errors.badResponse(response.status));
  }
  if (payload.code === 200) return payload.data as T;

  const detail = (payload.data ?? null) as { error?: unknown; field?: unknown } | null;
  const error = new ApiError(
    payload.code,
    payload.msg || texts.errors.generic,
    typeof detail?.error === 'string' ? detail.error : undefined,
    typeof detail?.field === 'string' ? detail.field : undefined,
  );
  // A 401 on a request that carried our token means the session is gone. A 401 without a token
  // (a failed sign-in) is just an error to show.
  if (payload.code === 401 && token && getToken() === token) {
    clearToken();
    for (const listener of unauthorizedListeners) listener();
  }
  throw error;
}

/** The one request function of the admin app: JSON in, envelope out, `data` returned on code 200. */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const token = getToken();
  return settle<T>(await send(method, path, options, token), token);
}

/** A file the API answers (an upload's image) as a Blob; an error envelope rejects as `request` does. */
export async function requestBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await send('GET', path, { signal }, token);
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    await settle(response, token);
    throw new ApiError(response.status, texts.errors.badResponse(response.status));
  }
  return response.blob();
}
