import type { ZodType, z } from 'zod';
import type { AdminRole } from './admin/schemas.ts';

/**
 * An endpoint as data, zod-free so the web's first route can import it: method, path, who may call
 * it and what it does. Its body and response are carried as phantom types (the zod schemas' types,
 * imported with `import type`), so a client call is typed without loading zod; the area's
 * `contract.ts` joins the same endpoint with the schemas themselves for the server, and a schema
 * that disagrees with the endpoint's phantom type does not compile.
 *
 * A GET endpoint's body travels as the query string; a POST's as JSON.
 */
export interface Endpoint<
  Body extends ZodType | undefined = ZodType | undefined,
  Res extends ZodType | undefined = ZodType | undefined,
> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** `public`: anyone; `user`: a user's bearer token; `operator`: a back-office operator's. */
  readonly auth: 'public' | 'user' | 'operator';
  /** For operators: the roles allowed (any role when absent). */
  readonly roles?: readonly AdminRole[];
  /** The OpenAPI group. */
  readonly tag: string;
  readonly summary: string;
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

export function post<Body extends ZodType | undefined, Res extends ZodType | undefined>(
  path: string,
  e: Declared,
): Omit<Endpoint<Body, Res>, 'tag'> & { readonly method: 'POST' } {
  return { method: 'POST', path, ...e };
}

export function get<Query extends ZodType | undefined, Res extends ZodType | undefined>(
  path: string,
  e: Declared,
): Omit<Endpoint<Query, Res>, 'tag'> & { readonly method: 'GET' } {
  return { method: 'GET', path, ...e };
}
