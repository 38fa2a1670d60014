import { authEndpoints as auth } from '@otc/protocol/auth/endpoints';
import { spotEndpoints as spot } from '@otc/protocol/spot/endpoints';
import { describe, expect, it } from 'vitest';
import { caller } from './call.ts';
import { createClient } from './client.ts';

function setup() {
  const sent: { url: string; init: RequestInit }[] = [];
  const client = createClient({
    baseUrl: '',
    fetch: async (input, init = {}) => {
      sent.push({ url: String(input), init });
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { items: [] } }));
    },
    getToken: () => 'tok',
    clearSession: () => undefined,
    language: () => 'en',
    translate: (key) => key,
    toast: () => undefined,
    saveBlob: () => undefined,
  });
  const token = (i: number) => new Headers(sent[i]?.init.headers).get('Authorization');
  return { call: caller(client), sent, token };
}

describe('call', () => {
  it("sends a POST's body as JSON, and the token to an endpoint that needs a caller", async () => {
    const { call, sent, token } = setup();
    await call(spot.cancel, { id: '7' });
    expect(sent[0]?.url).toBe('/api/spot/cancel');
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.body).toBe('{"id":"7"}');
    expect(token(0)).toBe('Bearer tok');
  });

  it("sends a GET's body as the query, an empty body as {}, and no token to a public endpoint", async () => {
    const { call, sent, token } = setup();
    await call(auth.loginState, { account: 'a+b@x.io' });
    expect(sent[0]?.url).toBe('/api/auth/login?account=a%2Bb%40x.io');
    expect(sent[0]?.init.method).toBe('GET');
    expect(token(0)).toBeNull();
    await call(auth.agreements);
    expect(sent[1]?.init.body).toBe('{}');
    expect(token(1)).toBeNull();
  });
});
