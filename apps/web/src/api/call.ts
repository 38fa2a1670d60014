import type { BodyOf, Endpoint, ResponseOf } from '@otc/protocol/endpoint';
import { type ApiClient, api, type RequestOptions } from './client.ts';
import type { Query } from './query.ts';

/** What a caller may still choose: the rest (method, path, whether the token goes) is the endpoint's. */
export type CallOptions = Omit<RequestOptions, 'body' | 'method' | 'query' | 'auth'>;

/** The body may be left out when the endpoint takes none (or only optional fields). */
export type CallArgs<E extends Endpoint> =
  undefined extends BodyOf<E>
    ? [body?: BodyOf<E>, options?: CallOptions]
    : [body: BodyOf<E>, options?: CallOptions];

/**
 * Calls an endpoint of the protocol, typed by it: the body it takes, the data it answers. The
 * token goes only to endpoints that need a caller, so a failed public call (a wrong password
 * at login) never reads as the session ending.
 */
export function caller(client: ApiClient) {
  return <E extends Endpoint>(e: E, ...[body, options = {}]: CallArgs<E>): Promise<ResponseOf<E>> => {
    const auth = e.auth !== 'public';
    return e.method === 'GET'
      ? client.get<ResponseOf<E>>(e.path, body as Query | undefined, { ...options, auth })
      : client.post<ResponseOf<E>>(e.path, body ?? {}, { ...options, auth });
  };
}

/** The app's calls, over its one client. */
export const call = caller(api);
