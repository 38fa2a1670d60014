import type { ErrorKey } from '@otc/protocol/errors';
import { DEVICE_HEADER } from '@otc/protocol/users/rules';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { API_ERROR_TOAST_MS, toast } from '../ui/toast.ts';
import { deviceName } from './device.ts';
import { errorDetail, readEnvelope } from './envelope.ts';
import { ApiError, type ClientErrorKey } from './errors.ts';
import { joinUrl, type Query, serializeQuery } from './query.ts';
import { saveBlob } from './saveBlob.ts';
import { cache, STORAGE_KEYS } from './storage.ts';

/** Seed §9: request, upload and download time out after 60 s. */
export const REQUEST_TIMEOUT_MS = 60000;
const SUCCESS = 200;
const UNAUTHORIZED = 401;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ClientMessageKey = 'errors.network' | 'errors.timeout' | 'errors.badResponse';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised into the URL (GET parameters). */
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  /**
   * Send this token instead of the stored one (switching to a remembered account checks its token
   * before making it current); its 401 is that token's, so the current session is left alone.
   */
  asToken?: string;
  /** Toast the error message (default true). The promise rejects either way. */
  toast?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ClientDeps {
  baseUrl: string;
  fetch: typeof fetch;
  getToken: () => string | undefined;
  /** Called when a request that carried the token answers 401. */
  clearSession: () => void;
  language: () => string;
  /** The device this app runs on (seed `phoneInfo`), named in the sessions list; sent when known. */
  device?: () => string | undefined;
  translate: (key: ClientMessageKey) => string;
  toast: (message: string, ms: number) => void;
  saveBlob: (blob: Blob, filename: string) => void;
}

interface SendInit {
  method: HttpMethod;
  query: Query | undefined;
  body: BodyInit | undefined;
  json: boolean;
  auth: boolean;
  asToken: string | undefined;
  toast: boolean;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

function keyForCode(code: number): ErrorKey {
  if (code === 401) return 'unauthorized';
  if (code === 403) return 'forbidden';
  if (code === 404) return 'not_found';
  if (code === 405) return 'method_not_allowed';
  if (code === 409) return 'account_exists';
  if (code === 429) return 'rate_limited';
  if (code === 501) return 'not_available_yet';
  if (code >= 500) return 'internal';
  return 'invalid_input';
}

export function createClient(deps: ClientDeps) {
  function clientError(key: ClientErrorKey, code: number, showToast: boolean, message?: string): ApiError {
    const msg =
      message ??
      deps.translate(
        key === 'timeout'
          ? 'errors.timeout'
          : key === 'network_error'
            ? 'errors.network'
            : 'errors.badResponse',
      );
    if (showToast) deps.toast(msg, API_ERROR_TOAST_MS);
    return new ApiError({ code, msg, key, shown: showToast });
  }

  /** Sends one request; the response is returned whatever its status, failures become ApiError. */
  async function send(path: string, init: SendInit): Promise<{ response: Response; sentToken: boolean }> {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': deps.language() });
    if (init.json) headers.set('Content-Type', 'application/json');
    const device = deps.device?.();
    // URI-encoded: a header carries Latin-1 only, and a model name may not be.
    if (device) headers.set(DEVICE_HEADER, encodeURIComponent(device));
    const token = init.auth ? (init.asToken ?? deps.getToken()) : undefined;
    if (token) headers.set('Authorization', `Bearer ${token}`);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, init.timeoutMs);
    const onCallerAbort = () => controller.abort();
    init.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      const response = await deps.fetch(joinUrl(deps.baseUrl, path) + serializeQuery(init.query), {
        method: init.method,
        headers,
        body: init.body,
        signal: controller.signal,
      });
      // Only the stored token's 401 ends the stored session.
      return { response, sentToken: Boolean(token) && init.asToken === undefined };
    } catch {
      if (timedOut) throw clientError('timeout', 0, init.toast);
      if (init.signal?.aborted) throw clientError('aborted', 0, false, 'aborted');
      throw clientError('network_error', 0, init.toast);
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** Reads the envelope: data on code 200, an ApiError (toasted unless asked not to) otherwise. */
  function settle<T>(status: number, body: unknown, sentToken: boolean, showToast: boolean): T {
    const envelope = readEnvelope(body);
    if (!envelope) throw clientError('bad_response', status, showToast);
    if (envelope.code === SUCCESS) return envelope.data as T;
    const { key, field } = errorDetail(envelope.data);
    const base = { code: envelope.code, msg: envelope.msg, key: key ?? keyForCode(envelope.code) };
    if (envelope.code === UNAUTHORIZED && sentToken) {
      // The session is gone: forget it quietly; the route guard asks the user to log in again.
      deps.clearSession();
      throw new ApiError({ ...base, field, shown: false });
    }
    const shown = showToast && envelope.msg.length > 0;
    if (shown) deps.toast(envelope.msg, API_ERROR_TOAST_MS);
    throw new ApiError({ ...base, field, shown });
  }

  async function readJson(response: Response, showToast: boolean): Promise<unknown> {
    try {
      return JSON.parse(await response.text());
    } catch {
      throw clientError('bad_response', response.status, showToast);
    }
  }

  function toInit(
    options: RequestOptions,
    method: HttpMethod,
    body: BodyInit | undefined,
    json: boolean,
  ): SendInit {
    return {
      method,
      query: options.query,
      body,
      json,
      auth: options.auth ?? true,
      asToken: options.asToken,
      toast: options.toast ?? true,
      timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
      signal: options.signal,
    };
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const hasBody = options.body !== undefined && method !== 'GET';
    const init = toInit(options, method, hasBody ? JSON.stringify(options.body) : undefined, hasBody);
    const { response, sentToken } = await send(path, init);
    return settle<T>(response.status, await readJson(response, init.toast), sentToken, init.toast);
  }

  /** Multipart upload: `file` under `fileField` (default "file") plus text fields. */
  async function upload<T>(
    path: string,
    file: Blob,
    fields: Record<string, string> = {},
    options: Omit<RequestOptions, 'body' | 'method'> & { fileField?: string; filename?: string } = {},
  ): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const filename = options.filename ?? (file instanceof File ? file.name : 'upload');
    form.append(options.fileField ?? 'file', file, filename);
    const init = toInit(options, 'POST', form, false);
    const { response, sentToken } = await send(path, init);
    return settle<T>(response.status, await readJson(response, init.toast), sentToken, init.toast);
  }

  /** Fetches a file and saves it as `filename`; an error envelope rejects like any request. */
  async function download(path: string, filename: string, options: RequestOptions = {}): Promise<void> {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const hasBody = options.body !== undefined && method !== 'GET';
    const init = toInit(options, method, hasBody ? JSON.stringify(options.body) : undefined, hasBody);
    const { response, sentToken } = await send(path, init);
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      const body = await readJson(response, init.toast);
      const envelope = readEnvelope(body);
      if (envelope && envelope.code !== SUCCESS) settle(response.status, body, sentToken, init.toast);
      if (!response.ok) throw clientError('bad_response', response.status, init.toast);
      // A JSON file asked for on purpose: save what came.
      deps.saveBlob(new Blob([JSON.stringify(body)], { type: 'application/json' }), filename);
      return;
    }
    let blob: Blob;
    try {
      blob = await response.blob();
    } catch {
      throw clientError('network_error', 0, init.toast);
    }
    deps.saveBlob(blob, filename);
  }

  /**
   * Fetches a file (an upload's image) as a Blob, with the same headers, token and timeout as any
   * request; an error envelope rejects like any request, and a success envelope where a file was
   * expected is a bad response.
   */
  async function blob(path: string, options: Omit<RequestOptions, 'body' | 'method'> = {}): Promise<Blob> {
    const init = toInit(options, 'GET', undefined, false);
    const { response, sentToken } = await send(path, init);
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      settle(response.status, await readJson(response, init.toast), sentToken, init.toast);
      throw clientError('bad_response', response.status, init.toast);
    }
    try {
      return await response.blob();
    } catch {
      throw clientError('network_error', 0, init.toast);
    }
  }

  return {
    request,
    get: <T>(path: string, query?: Query, options: Omit<RequestOptions, 'query' | 'method'> = {}) =>
      request<T>(path, { ...options, method: 'GET', query }),
    post: <T>(path: string, body: unknown = {}, options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
      request<T>(path, { ...options, method: 'POST', body }),
    upload,
    download,
    blob,
  };
}

export type ApiClient = ReturnType<typeof createClient>;

/** The app's one client: same origin unless VITE_API_BASE says otherwise. */
export const api: ApiClient = createClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => cache.get<string>(STORAGE_KEYS.token),
  clearSession: () => {
    cache.remove(STORAGE_KEYS.token);
    cache.remove(STORAGE_KEYS.user);
  },
  language: currentLanguage,
  device: deviceName,
  translate: (key) => i18n.t(key),
  toast,
  saveBlob,
});

export { ApiError, isApiError } from './errors.ts';
