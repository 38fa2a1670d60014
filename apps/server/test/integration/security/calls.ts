import type { Contract } from '@otc/protocol/contract';
import { CONTRACTS } from '@otc/protocol/wires';
import type { ZodType } from 'zod';
import type { Db } from '../../../src/db/db.ts';
import type { TestServer } from '../support/harness.ts';

/**
 * What the security suites (authz-matrix, fuzz) share: every endpoint the server registers from
 * the protocol's contracts (the list the OpenAPI document is built from: http/contract.test.ts
 * checks the two agree, so an endpoint added to a contract is called here without editing a test),
 * a raw call to one, and a picture of the database to show a refused call changed nothing.
 */
export const ENDPOINTS: readonly Contract[] = CONTRACTS.flatMap((c) => Object.values(c) as Contract[]);

export const label = (e: Contract) => `${e.method} ${e.path}`;
export const bodySchemaOf = (e: Contract) => e.schemas.body as ZodType | undefined;
/** The path's parameters (`:id`). */
export const pathParams = (e: Contract) => [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

export interface Answer {
  status: number;
  /** The envelope, or the raw text for an answer that is not JSON (an image's bytes). */
  body: { code?: number; msg?: string; data?: { error?: string } & Record<string, unknown> } | undefined;
  text: string;
}

/**
 * One call as any client could make it: a POST's body as JSON (anything, not only objects), a
 * GET's as the query string (arrays as repeated keys, objects as JSON), the path's parameters
 * from `params`.
 */
export async function callEndpoint(
  s: TestServer,
  e: Contract,
  body: unknown,
  token: string | undefined,
  params: Record<string, string> = {},
): Promise<Answer> {
  let path = e.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (e.method === 'GET') {
    const query = queryOf(body);
    if (query) path += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    payload = body === undefined ? '{}' : JSON.stringify(body);
  }
  const res = await fetch(s.url + path, { method: e.method, headers, ...(payload ? { body: payload } : {}) });
  const text = await res.text();
  let parsed: Answer['body'];
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}

function queryOf(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body !== 'object' || Array.isArray(body)) return `q=${encodeURIComponent(scalar(body))}`;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) q.append(k, scalar(item));
    else q.append(k, scalar(v));
  }
  return q.toString();
}
const scalar = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Every table's row count and the ledger's sums per realm, asset and field: what a refused call must leave. */
export interface Picture {
  rows: Record<string, number>;
  ledger: Record<string, string>;
}

let tablesOf: Promise<string[]> | undefined;
let tablesDb: Db | undefined;

export async function picture(db: Db): Promise<Picture> {
  if (tablesDb !== db) {
    tablesDb = db;
    tablesOf = db
      .query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
      )
      .then((r) => r.map((t) => t.name));
  }
  const tables = (await tablesOf) as string[];
  const counts = await db.query<{ t: string; n: string }>(
    tables.map((t) => `SELECT '${t}' AS t, count(*)::text AS n FROM "${t}"`).join(' UNION ALL '),
  );
  const sums = await db.query<{ k: string; available: string; frozen: string }>(
    `SELECT realm || ' ' || owner_type || ' ' || asset AS k, sum(available)::text AS available,
            sum(frozen)::text AS frozen
     FROM ledger_accounts GROUP BY 1 ORDER BY 1`,
  );
  const rows: Record<string, number> = {};
  for (const c of counts) rows[c.t] = Number(c.n);
  const ledger: Record<string, string> = {};
  for (const r of sums) ledger[r.k] = `${r.available} / ${r.frozen}`;
  return { rows, ledger };
}

/** What differs between two pictures, as `table: before -> after` lines (none when equal). */
export function changes(before: Picture, after: Picture, ignore: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const t of new Set([...Object.keys(before.rows), ...Object.keys(after.rows)])) {
    if (ignore.includes(t)) continue;
    if (before.rows[t] !== after.rows[t]) out.push(`${t}: ${before.rows[t]} -> ${after.rows[t]} rows`);
  }
  for (const k of new Set([...Object.keys(before.ledger), ...Object.keys(after.ledger)])) {
    if (before.ledger[k] !== after.ledger[k])
      out.push(`ledger ${k}: ${before.ledger[k]} -> ${after.ledger[k]}`);
  }
  return out;
}
