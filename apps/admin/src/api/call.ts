import type { BodyOf, Endpoint, ResponseOf } from '@otc/protocol/endpoint';
import { type QueryParams, request } from './client.ts';

/** The body may be left out when the endpoint takes none (or only optional fields). */
type CallArgs<E extends Endpoint> =
  undefined extends BodyOf<E>
    ? [body?: BodyOf<E>, signal?: AbortSignal]
    : [body: BodyOf<E>, signal?: AbortSignal];

/** Calls an endpoint of the protocol, typed by it: a GET's body goes as the query string. */
export function call<E extends Endpoint>(e: E, ...[body, signal]: CallArgs<E>): Promise<ResponseOf<E>> {
  return e.method === 'GET'
    ? request<ResponseOf<E>>('GET', e.path, { query: body as QueryParams | undefined, signal })
    : request<ResponseOf<E>>('POST', e.path, { body: body ?? {}, signal });
}
