import { describe, expect, it } from 'vitest';
import { type ClientDeps, createClient } from './client.ts';
import { ApiError } from './errors.ts';

interface Call {
  url: string;
  init: RequestInit;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(respond: (call: Call) => Response | Promise<Response>, token: string | null = 'tok') {
  const calls: Call[] = [];
  const toasts: { message: string; ms: number }[] = [];
  const saved: { blob: Blob; filename: string }[] = [];
  const state = { token: token ?? undefined, cleared: 0 };
  const deps: ClientDeps = {
    baseUrl: '',
    fetch: async (input, init = {}) => {
      const call = { url: String(input), init };
      calls.push(call);
      return respond(call);
    },
    getToken: () => state.token,
    clearSession: () => {
      state.cleared++;
      state.token = undefined;
    },
    language: () => 'de',
    translate: (key) => `t:${key}`,
    toast: (message, ms) => void toasts.push({ message, ms }),
    saveBlob: (blob, filename) => void saved.push({ blob, filename }),
  };
  return { api: createClient(deps), calls, toasts, saved, state };
}

const headerOf = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to reject');
}

describe('request client', () => {
  it('resolves data on code 200 and sends language, token and a JSON body', async () => {
    const { api, calls, toasts } = setup(() => json({ code: 200, msg: 'ok', data: { id: 1 } }));
    await expect(api.post('/api/common/index', { page: 1 })).resolves.toEqual({ id: 1 });
    const call = calls[0];
    expect(call?.url).toBe('/api/common/index');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"page":1}');
    expect(headerOf(call, 'Accept-Language')).toBe('de');
    expect(headerOf(call, 'Authorization')).toBe('Bearer tok');
    expect(headerOf(call, 'Content-Type')).toBe('application/json');
    expect(toasts).toEqual([]);
  });

  it('serialises GET parameters and sends no body', async () => {
    const { api, calls } = setup(() => json({ code: 200, msg: '', data: { captchaRequired: true } }));
    await api.get('/api/auth/login', { account: 'a+b@x.io' });
    expect(calls[0]?.url).toBe('/api/auth/login?account=a%2Bb%40x.io');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('leaves the token out when the call says auth: false or none is stored', async () => {
    const ok = () => json({ code: 200, msg: '', data: null });
    const withToken = setup(ok);
    await withToken.api.post('/api/auth/login', {}, { auth: false });
    expect(headerOf(withToken.calls[0], 'Authorization')).toBeNull();
    const guest = setup(ok, null);
    await guest.api.post('/api/common/news');
    expect(headerOf(guest.calls[0], 'Authorization')).toBeNull();
  });

  it('toasts the message for 2 s and rejects with code, key and field on other codes', async () => {
    const { api, toasts } = setup(() =>
      json(
        { code: 400, msg: 'Passwort zu schwach', data: { error: 'password_weak', field: 'password' } },
        400,
      ),
    );
    const error = await rejection(api.post('/api/auth/register', {}));
    expect(error).toMatchObject({
      code: 400,
      msg: 'Passwort zu schwach',
      key: 'password_weak',
      field: 'password',
      shown: true,
    });
    expect(toasts).toEqual([{ message: 'Passwort zu schwach', ms: 2000 }]);
  });

  it('shows a 405 like any other error, and names it by its code when the body does not', async () => {
    const allowed = { error: 'method_not_allowed', allowed: ['POST'], requestId: 'r1' };
    const { api, toasts } = setup(() =>
      json({ code: 405, msg: 'Methode nicht erlaubt', data: allowed }, 405),
    );
    const error = await rejection(api.get('/api/auth/register'));
    expect(error).toMatchObject({ code: 405, msg: 'Methode nicht erlaubt', key: 'method_not_allowed' });
    expect(toasts).toEqual([{ message: 'Methode nicht erlaubt', ms: 2000 }]);
    const bare = setup(() => json({ code: 405, msg: 'Not allowed', data: null }, 405));
    expect(await rejection(bare.api.get('/api/auth/register'))).toMatchObject({ key: 'method_not_allowed' });
  });

  it('stays quiet when the call turns toasts off, and still rejects', async () => {
    const { api, toasts } = setup(() =>
      json({ code: 429, msg: 'Slow down', data: { error: 'rate_limited' } }, 429),
    );
    const error = await rejection(api.post('/api/auth/sendemail', {}, { toast: false }));
    expect(error).toMatchObject({ code: 429, key: 'rate_limited', shown: false });
    expect(toasts).toEqual([]);
  });

  it('on 401 for a request that carried the token, clears the session without a toast', async () => {
    const { api, toasts, state } = setup(() =>
      json({ code: 401, msg: 'Please log in', data: { error: 'unauthorized' } }, 401),
    );
    const error = await rejection(api.post('/api/auth/userinfo'));
    expect(error).toMatchObject({ code: 401, key: 'unauthorized', shown: false });
    expect(state.cleared).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('sends another token when asked, and its 401 leaves the stored session alone', async () => {
    const { api, calls, state } = setup(() =>
      json({ code: 401, msg: 'Please log in', data: { error: 'unauthorized' } }, 401),
    );
    const error = await rejection(api.post('/api/auth/userinfo', {}, { asToken: 'other', toast: false }));
    expect(headerOf(calls[0], 'Authorization')).toBe('Bearer other');
    expect(error).toMatchObject({ code: 401, key: 'unauthorized' });
    expect(state.cleared).toBe(0);
    expect(state.token).toBe('tok');
  });

  it('sends the device the app runs on, URI-encoded', async () => {
    const { api, calls } = setup(() => json({ code: 200, msg: 'ok', data: null }));
    await api.post('/api/auth/login', {}, { auth: false });
    expect(headerOf(calls[0], 'x-device')).toBeNull();
    const withDevice = createClient({
      baseUrl: '',
      fetch: async (input, init = {}) => {
        calls.push({ url: String(input), init });
        return json({ code: 200, msg: 'ok', data: null });
      },
      getToken: () => undefined,
      clearSession: () => {},
      language: () => 'en',
      device: () => 'iOS 17 · iPhone',
      translate: (key) => key,
      toast: () => {},
      saveBlob: () => {},
    });
    await withDevice.post('/api/auth/login', {}, { auth: false });
    expect(decodeURIComponent(headerOf(calls[1], 'x-device') ?? '')).toBe('iOS 17 · iPhone');
  });

  it('treats a 401 on a call without a token (a failed login) as an ordinary error', async () => {
    const { api, toasts, state } = setup(() =>
      json({ code: 401, msg: 'Wrong account or password', data: { error: 'login_failed' } }, 401),
    );
    const error = await rejection(api.post('/api/auth/login', {}, { auth: false }));
    expect(error).toMatchObject({ key: 'login_failed', shown: true });
    expect(state.cleared).toBe(0);
    expect(toasts).toEqual([{ message: 'Wrong account or password', ms: 2000 }]);
  });

  it('turns a network failure into a translated, toasted ApiError', async () => {
    const { api, toasts } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(api.post('/api/common/index'));
    expect(error).toMatchObject({ code: 0, key: 'network_error', msg: 't:errors.network', shown: true });
    expect(toasts).toEqual([{ message: 't:errors.network', ms: 2000 }]);
  });

  it('aborts after the timeout and says so', async () => {
    const { api, toasts } = setup(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await rejection(api.post('/api/common/index', {}, { timeoutMs: 20 }));
    expect(error).toMatchObject({ key: 'timeout', msg: 't:errors.timeout' });
    expect(toasts).toHaveLength(1);
  });

  it('rejects a body that is not an envelope', async () => {
    const { api } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejection(api.post('/api/common/index'));
    expect(error).toMatchObject({ code: 502, key: 'bad_response', msg: 't:errors.badResponse' });
  });

  it('uploads multipart form data with the file and fields', async () => {
    const { api, calls } = setup(() => json({ code: 200, msg: '', data: { url: '/f/1' } }));
    const file = new File(['png-bytes'], 'proof.png', { type: 'image/png' });
    await expect(api.upload('/api/upload', file, { kind: 'proof' })).resolves.toEqual({ url: '/f/1' });
    const body = calls[0]?.init.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('kind')).toBe('proof');
    expect((form.get('file') as File).name).toBe('proof.png');
    expect(headerOf(calls[0], 'Content-Type')).toBeNull();
  });

  it('downloads a file to the given name, and rejects an error envelope instead', async () => {
    const ok = setup(
      () => new Response('a,b\n1,2', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    await ok.api.download('/api/report.csv', 'report.csv');
    expect(ok.saved).toHaveLength(1);
    expect(ok.saved[0]?.filename).toBe('report.csv');
    expect(await ok.saved[0]?.blob.text()).toBe('a,b\n1,2');

    const failed = setup(() => json({ code: 404, msg: 'Not found', data: { error: 'not_found' } }, 404));
    const error = await rejection(failed.api.download('/api/report.csv', 'report.csv'));
    expect(error).toMatchObject({ code: 404, key: 'not_found', shown: true });
    expect(failed.saved).toEqual([]);
  });
  it('fetches an image as a blob with the token, and rejects an error envelope or a success envelope instead', async () => {
    const ok = setup(
      () => new Response(new Uint8Array([0x89, 0x50]), { headers: { 'Content-Type': 'image/png' } }),
    );
    const blob = await ok.api.blob('/api/common/upload/1');
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50]));
    expect(headerOf(ok.calls[0], 'Authorization')).toMatch(/^Bearer /);

    const missing = setup(() =>
      json({ code: 404, msg: 'This image was not found.', data: { error: 'upload_not_found' } }, 404),
    );
    const error = await rejection(missing.api.blob('/api/common/upload/1', { toast: false }));
    expect(error).toMatchObject({ code: 404, key: 'upload_not_found', shown: false });

    const envelope = setup(() => json({ code: 200, msg: '', data: null }));
    expect(await rejection(envelope.api.blob('/api/common/upload/1'))).toMatchObject({ key: 'bad_response' });
  });
});
