import type { ZodType, z } from 'zod';
import type { AdminRole } from './admin/schemas.ts';
import type { emptyBody, noData } from './contract.ts';

/**
 * An endpoint as data, zod-free so the web's first route can import it: method, path, who may call
 * it and what it does, and the names of its body's and response's schemas in the area's
 * `schemas.ts`. Declared once (`routesOn`): the names are checked against that module's type
 * (`import type`), and give the phantom types a client call is typed with, without loading zod;
 * the area's `contract.ts` joins the endpoints with the schemas of those names for the server.
 *
 * A GET endpoint's body travels as the query string; a POST's as JSON.
 */
export interface Endpoint<
  Body extends ZodType | undefined = ZodType | undefined,
  Res extends ZodType | undefined = ZodType | undefined,
> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /**
   * `public`: anyone; `optional`: anyone, and a signed-in user's token goes with it (what it answers
   * differs for them: the leverage their country allows); `user`: a user's bearer token; `operator`:
   * a back-office operator's.
   */
  readonly auth: 'public' | 'optional' | 'user' | 'operator';
  /**
   * Live accounts only (PRODUCT.md rule 4: demo money never meets real money): a demo user's call
   * is refused with 403 and the area's `..._demo` key (or `demo_not_allowed`). The service refuses
   * it; this says so to readers, the OpenAPI document and the authorization matrix test.
   */
  readonly live?: true;
  /** For operators: the roles allowed (any role when absent). */
  readonly roles?: readonly AdminRole[];
  /** The OpenAPI group. */
  readonly tag: string;
  readonly summary: string;
  /** The name of the body's (a GET's query's) schema, and of the response's. */
  readonly body?: string;
  readonly response?: string;
  /** Phantom: never set at run time. */
  readonly _types?: { body: Body; response: Res };
}

/** What a client sends: the schema's input (defaults may be left out). */
export type BodyOf<E> =
  E extends Endpoint<infer B, ZodType | undefined> ? (B extends ZodType ? z.input<B> : undefined) : never;
/** What a client receives in the envelope's `data`. */
export type ResponseOf<E> =
  E extends Endpoint<ZodType | undefined, infer R> ? (R extends ZodType ? z.output<R> : never) : never;

type Declared = Omit<Endpoint, '_types' | 'method' | 'path' | 'tag'>;

/** An area's endpoints under one OpenAPI tag: `endpoints('spot', { place: post<...>(...) })`. */
export function endpoints<const T extends Record<string, Omit<Endpoint, 'tag'>>>(
  tag: string,
  list: T,
): { readonly [K in keyof T]: T[K] & { readonly tag: string } } {
  const tagged: Record<string, Endpoint> = {};
  for (const [name, e] of Object.entries(list)) tagged[name] = { ...e, tag };
  return tagged as { readonly [K in keyof T]: T[K] & { readonly tag: string } };
}

/** The schemas every area may name beside its own: no body, and no data. */
type Shared = { readonly emptyBody: typeof emptyBody; readonly noData: typeof noData };
/** The names of the zod schemas among `S`'s exports (and the shared ones). */
export type SchemaName<S> = {
  [K in keyof (S & Shared)]: (S & Shared)[K] extends ZodType ? K : never;
}[keyof (S & Shared)] &
  string;
type SchemaAt<S, N> = N extends keyof (S & Shared) ? Extract<(S & Shared)[N], ZodType> : undefined;
type Named<B, R> = Declared & { readonly body?: B; readonly response?: R };

/**
 * An area's way to declare its endpoints, each once, naming its schemas by their export name in
 * the area's schemas module `S` (`typeof import('./schemas.ts')`, a type-only import):
 * `const { post, get } = routesOn<typeof schemas>()`, then
 * `post('/api/exchange/quote', { body: 'quoteBody', response: 'quote', auth: 'user', summary })`.
 * A name that is not one of its schemas fails to compile.
 */
export function routesOn<S>() {
  return {
    post<
      const B extends SchemaName<S> | undefined = undefined,
      const R extends SchemaName<S> | undefined = undefined,
    >(
      path: string,
      e: Named<B, R>,
    ): Omit<Endpoint<SchemaAt<S, B>, SchemaAt<S, R>>, 'tag' | 'body' | 'response'> & {
      readonly method: 'POST';
      readonly body?: B;
      readonly response?: R;
    } {
      return { method: 'POST', path, ...e };
    },
    get<
      const Q extends SchemaName<S> | undefined = undefined,
      const R extends SchemaName<S> | undefined = undefined,
    >(
      path: string,
      e: Named<Q, R>,
    ): Omit<Endpoint<SchemaAt<S, Q>, SchemaAt<S, R>>, 'tag' | 'body' | 'response'> & {
      readonly method: 'GET';
      readonly body?: Q;
      readonly response?: R;
    } {
      return { method: 'GET', path, ...e };
    },
  };
}
