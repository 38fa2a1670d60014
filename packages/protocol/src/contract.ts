import { type ZodType, z } from 'zod';
import type { Endpoint } from './endpoint.ts';

/** The body of a call that takes none: `{}` or nothing, and any fields sent are ignored. */
export const emptyBody = z.object({}).passthrough().optional();

/** The data of a call that answers nothing but success. */
export const noData = z.null();

/** The zod schemas an endpoint's phantom types name, exactly those (absent ones may be left out). */
export type SchemasOf<E> =
  E extends Endpoint<infer B, infer R>
    ? (B extends ZodType ? { readonly body: B } : { readonly body?: undefined }) &
        (R extends ZodType ? { readonly response: R } : { readonly response?: undefined })
    : never;

/** An endpoint joined with its schemas: what the server registers. */
export type Contract<E extends Endpoint = Endpoint> = E & { readonly schemas: SchemasOf<E> };

/**
 * Joins an area's endpoints with their zod schemas, one entry per endpoint: a missing entry, an
 * extra one, or a schema whose type is not the endpoint's phantom type fails to compile.
 */
export function contract<const T extends Record<string, Endpoint>>(
  list: T,
  schemas: { readonly [K in keyof T]: SchemasOf<T[K]> },
): { readonly [K in keyof T]: Contract<T[K]> } {
  const joined: Record<string, Contract> = {};
  for (const [name, e] of Object.entries(list))
    joined[name] = { ...e, schemas: schemas[name] as SchemasOf<Endpoint> };
  return joined as { readonly [K in keyof T]: Contract<T[K]> };
}
