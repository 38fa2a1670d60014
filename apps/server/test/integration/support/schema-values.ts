import fc from 'fast-check';
import { type ZodType, z } from 'zod';

/**
 * Values drawn from an endpoint's own body schema, for the authorization matrix and the fuzzing
 * (security/): the schema as JSON Schema (what the OpenAPI document shows), turned into fast-check
 * arbitraries. `wellFormed` draws what the schema means to accept; `hostile` what a careless or
 * malicious client sends instead. Seeded by the caller, so a failure replays.
 */
type Js = {
  type?: string | string[];
  $ref?: string;
  $defs?: Record<string, Js>;
  anyOf?: Js[];
  oneOf?: Js[];
  allOf?: Js[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: Js;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Js>;
  required?: string[];
  default?: unknown;
};

export function jsonSchemaOf(schema: ZodType): Js {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Js;
}

/** What the schema describes: most draws pass it (refinements JSON Schema cannot say may refuse some). */
export function wellFormed(schema: ZodType): fc.Arbitrary<unknown> {
  const root = jsonSchemaOf(schema);
  return arbOf(root, root.$defs ?? {}, 0);
}

/**
 * A value the schema accepts, drawn with `seed` (the first of up to 200 draws `schema` parses), or
 * the first draw when none does: a valid-looking body for an endpoint's call.
 */
export function validSample(schema: ZodType, seed: number): unknown {
  const key = `${seed}`;
  const known = samples.get(schema)?.get(key);
  if (known) return structuredClone(known.value);
  const draws = fc.sample(wellFormed(schema), { seed, numRuns: 200 });
  const value = draws.find((d) => schema.safeParse(d).success) ?? draws[0];
  samples.set(schema, (samples.get(schema) ?? new Map()).set(key, { value }));
  return structuredClone(value);
}
/** Drawn once a run: each suite calls an endpoint with its sample on both databases and in several tests. */
const samples = new WeakMap<ZodType, Map<string, { value: unknown }>>();

function arbOf(js: Js, defs: Record<string, Js>, depth: number): fc.Arbitrary<unknown> {
  if (js.$ref) {
    const name = js.$ref.split('/').pop() ?? '';
    const target = defs[name];
    return target && depth < 6 ? arbOf(target, defs, depth + 1) : fc.constant(null);
  }
  if (js.const !== undefined) return fc.constant(js.const);
  if (js.enum) return fc.constantFrom(...js.enum);
  const alternatives = js.anyOf ?? js.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbOf(a, defs, depth + 1)));
  if (js.allOf?.[0]) return arbOf(js.allOf[0], defs, depth + 1);
  if (Array.isArray(js.type)) return fc.oneof(...js.type.map((t) => arbOf({ ...js, type: t }, defs, depth)));
  switch (js.type) {
    case 'string':
      return stringArb(js);
    case 'integer':
      return fc.integer({
        min: Math.max(js.minimum ?? (js.exclusiveMinimum ?? -1) + 1, -1_000_000),
        max: Math.min(js.maximum ?? (js.exclusiveMaximum ?? 1_000_001) - 1, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(js.minimum ?? js.exclusiveMinimum ?? -1e6, -1e6),
        max: Math.min(js.maximum ?? js.exclusiveMaximum ?? 1e6, 1e6),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(js.items ? arbOf(js.items, defs, depth + 1) : fc.string(), {
        minLength: js.minItems ?? 0,
        maxLength: Math.max(js.minItems ?? 0, Math.min(js.maxItems ?? 3, 3)),
      });
    case 'object': {
      const props = js.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = arbOf(v, defs, depth + 1);
      return fc.record(model, { requiredKeys: (js.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  }
}

function stringArb(js: Js): fc.Arbitrary<string> {
  const min = js.minLength ?? 0;
  const max = Math.min(js.maxLength ?? 24, Math.max(min, 24));
  const fits = (s: string) => s.length >= min && s.length <= (js.maxLength ?? Number.POSITIVE_INFINITY);
  switch (js.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (js.pattern) return fc.stringMatching(new RegExp(js.pattern)).filter(fits);
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
}

/** Strings a field should refuse (or take as text) and never choke on: numbers in disguise, size, unicode. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '1e999',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  ' 1',
  '1 ',
  '-1',
  '0.0000000000000000000000000000001',
  '9'.repeat(400),
  `${'1'.repeat(70)}.5`,
  'x'.repeat(70_000),
  '\u0000',
  '\u202egnp.exe',
  '𝕏̸̛͈̜ 🧨 إختبار',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  '99999999999999999999',
];

/** A path parameter a hostile client puts in the URL. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((t) => t.length < 1000)),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** A value of the wrong kind or shape, or a string above. */
const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.1,
    [],
    {},
    [1, 2, 3],
    { a: 1 },
    Array.from({ length: 2000 }, () => 'a'),
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** `{ "__proto__": ... }` as JSON.parse would make it: an own key, which JSON.stringify sends. */
function withProtoKey(base: Record<string, unknown>, value: unknown): Record<string, unknown> {
  const out = { ...base };
  Object.defineProperty(out, '__proto__', { value, enumerable: true, configurable: true, writable: true });
  return out;
}

/**
 * What a hostile client sends in place of a schema's value: a well-formed body with one field made
 * wrong (a hostile leaf, removed, or nested in an array), extra fields (`__proto__`, `constructor`),
 * or a body of the wrong shape altogether.
 */
export function hostile(schema: ZodType): fc.Arbitrary<unknown> {
  const base = wellFormed(schema);
  const asObject = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const fieldNames = Object.keys(jsonSchemaOf(schema).properties ?? {});
  const oneFieldWrong = fc
    .tuple(base, fieldNames.length ? fc.constantFrom(...fieldNames) : fc.constant('field'), hostileLeaf)
    .map(([v, k, bad]) => ({ ...asObject(v), [k]: bad }));
  const oneFieldGone = fc
    .tuple(base, fieldNames.length ? fc.constantFrom(...fieldNames) : fc.constant('field'))
    .map(([v, k]) => {
      const out = { ...asObject(v) };
      delete out[k];
      return out;
    });
  const oneFieldInArray = fc
    .tuple(base, fieldNames.length ? fc.constantFrom(...fieldNames) : fc.constant('field'))
    .map(([v, k]) => ({ ...asObject(v), [k]: [asObject(v)[k]] }));
  const extras = fc
    .tuple(
      base,
      hostileLeaf,
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'userId', 'role', 'realm'),
    )
    .map(([v, bad, key]) =>
      key === '__proto__'
        ? withProtoKey(asObject(v), { admin: true, role: 'admin', polluted: bad })
        : { ...asObject(v), [key]: key === 'constructor' ? { prototype: { polluted: bad } } : bad },
    );
  const wrongShape = fc.oneof(
    hostileLeaf,
    base.map((v) => [v]),
    fc.constant(withProtoKey({}, { polluted: true })),
  );
  return fc.oneof(oneFieldWrong, oneFieldWrong, oneFieldGone, oneFieldInArray, extras, wrongShape);
}
