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

/** The names an area's endpoints give their schemas, but the shared ones (`emptyBody`, `noData`). */
type NamesIn<T> = Exclude<
  {
    [K in keyof T]: T[K] extends { readonly body?: infer B; readonly response?: infer R }
      ? Extract<B | R, string>
      : never;
  }[keyof T],
  'emptyBody' | 'noData'
>;
/** The schema type `T`'s endpoints declare under the name `N`: their phantom body's or response's. */
type DeclaredAs<T, N> = {
  [K in keyof T]: T[K] extends {
    readonly body?: infer BN;
    readonly response?: infer RN;
    readonly _types?: { body: infer B; response: infer R };
  }
    ? (N extends BN ? B : never) | (N extends RN ? R : never)
    : never;
}[keyof T];
/**
 * What `contract` accepts under each name: the very schema type the endpoints declared. A schema
 * with more fields is assignable to it, so the reverse is checked too (refused as `never`).
 */
type Joinable<T, S> = {
  readonly [N in NamesIn<T>]: N extends keyof S
    ? [S[N]] extends [DeclaredAs<T, N>]
      ? [DeclaredAs<T, N>] extends [S[N]]
        ? DeclaredAs<T, N>
        : never
      : DeclaredAs<T, N>
    : DeclaredAs<T, N>;
};
const SHARED: Record<string, ZodType> = { emptyBody, noData };

/**
 * Joins an area's endpoints with the schemas they name (`schemas`: the area's schemas module,
 * `import * as schemas from './schemas.ts'`): one line per list, nothing declared twice. A name the
 * module lacks fails to compile, and to load; a schema whose type is not the one the endpoint
 * declared under that name (`routesOn<typeof schemas>()` read another module) fails to compile.
 */
export function contract<const T extends Record<string, Endpoint>, S extends Joinable<T, S>>(
  list: T,
  schemas: S,
): { readonly [K in keyof T]: Contract<T[K]> } {
  const find = (e: Endpoint, name: string): ZodType => {
    const schema = (schemas as Record<string, ZodType | undefined>)[name] ?? SHARED[name];
    if (!schema) throw new Error(`${e.method} ${e.path}: no schema named ${name}`);
    return schema;
  };
  const joined: Record<string, Contract> = {};
  for (const [name, e] of Object.entries(list)) {
    const found = {
      ...(e.body ? { body: find(e, e.body) } : {}),
      ...(e.response ? { response: find(e, e.response) } : {}),
    };
    joined[name] = { ...e, schemas: found as SchemasOf<Endpoint> };
  }
  return joined as { readonly [K in keyof T]: Contract<T[K]> };
}
