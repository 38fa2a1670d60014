import { randomUUID } from 'node:crypto';
import type { AdminSession } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import type { Contract } from '@otc/protocol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../kyc/kyc-fixtures.ts';
import { perpOrder, tick } from '../positions/helpers.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { validSample } from '../support/schema-values.ts';
import {
  type Answer,
  bodySchemaOf,
  callEndpoint,
  changes,
  ENDPOINTS,
  label,
  pathParams,
  picture,
} from './calls.ts';

/**
 * The authorization matrix (issue 30): every endpoint of the contracts, called by every kind of
 * caller with a body drawn from its own schema, expecting what its declaration says (`auth`,
 * `roles`): a caller it does not admit is refused by the guard with the right status and key, and
 * changes nothing. Then another user's real ids, put into every field of a user's endpoint that
 * names an id (read from the schemas: `id`, `...Id`, `...Key`, a path parameter): nothing of the
 * first user's in the answer, nothing of theirs changed.
 */
type Kind = 'guest' | 'demo' | 'user' | 'admin' | 'reviewer' | 'support';
const OPERATOR_ROLES = ['admin', 'reviewer', 'support'] as const;
const KINDS: readonly Kind[] = ['guest', 'demo', 'user', ...OPERATOR_ROLES];

/** Who the guard admits, from the declaration alone. */
function admits(e: Contract, kind: Kind): boolean {
  if (e.auth === 'public' || e.auth === 'optional') return true;
  if (e.auth === 'user') return kind === 'demo' || kind === 'user';
  if (kind === 'guest' || kind === 'demo' || kind === 'user') return false;
  return !e.roles || e.roles.includes(kind);
}

/** The guard's refusal for a caller it does not admit: no caller of the kind asked, or the wrong role. */
function refusalOf(e: Contract, kind: Kind): { status: number; error: string } {
  const operator = (OPERATOR_ROLES as readonly string[]).includes(kind);
  return e.auth === 'operator' && operator
    ? { status: 403, error: 'forbidden' }
    : { status: 401, error: 'unauthorized' };
}

/** Hundreds of calls a test: on a loaded 2-core machine, more than the suite's 30 s. */
const SLOW = 120_000;

const isIdField = (name: string) => /^id$|Id$|^id[A-Z]|Key$/.test(name);

describe.each(DATABASES)('the authorization matrix on %s', (kind) => {
  let s: TestServer;
  const tokens = {} as Record<Kind, string | undefined>;
  const operatorLogins = {} as Record<(typeof OPERATOR_ROLES)[number], { email: string; password: string }>;
  let alice: Session & { email: string };
  let bob: Session & { email: string };

  beforeAll(async () => {
    s = await startServer(kind);
    alice = await registerUser(s);
    bob = await registerUser(s);
    tokens.guest = undefined;
    tokens.user = bob.token;
    tokens.demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data.token;
    operatorLogins.admin = ADMIN;
    const admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
    tokens.admin = admin;
    for (const role of ['reviewer', 'support'] as const) {
      operatorLogins[role] = {
        email: `${role}.${randomUUID().slice(0, 8)}@authz.test`,
        password: 'Operator-pass-1',
      };
      const created = await s.api(
        '/api/admin/operators',
        { ...operatorLogins[role], role },
        { token: admin },
      );
      expect(created.status).toBe(200);
      tokens[role] = (await s.api<AdminSession>('/api/admin/login', operatorLogins[role])).body.data.token;
    }
  });
  afterAll(() => s.close());

  it(
    'refuses every caller an endpoint does not admit, with its status and key, changing nothing',
    async () => {
      const before = await picture(s.db);
      const wrong: string[] = [];
      let refusals = 0;
      for (const [i, e] of ENDPOINTS.entries()) {
        const schema = bodySchemaOf(e);
        const body = schema ? validSample(schema, i) : undefined;
        for (const k of KINDS) {
          if (admits(e, k)) continue;
          const want = refusalOf(e, k);
          const res = await callEndpoint(s, e, body, tokens[k]);
          refusals++;
          if (res.status !== want.status || res.body?.data?.error !== want.error || !res.body?.msg)
            wrong.push(`${label(e)} as ${k}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
      // Every user and operator endpoint was refused to someone: guest at least.
      expect(refusals).toBeGreaterThanOrEqual(
        ENDPOINTS.filter((e) => e.auth === 'user' || e.auth === 'operator').length,
      );
      expect(changes(before, await picture(s.db))).toEqual([]);
    },
    SLOW,
  );

  it(
    'lets every caller an endpoint admits past the guard, and answers no valid-looking call with a 500',
    async () => {
      const wrong: string[] = [];
      for (const [i, e] of ENDPOINTS.entries()) {
        const schema = bodySchemaOf(e);
        const body = schema ? validSample(schema, i) : undefined;
        for (const k of KINDS) {
          if (!admits(e, k)) continue;
          // A demo user's call to a live-only endpoint is refused: around it, nothing may change.
          const watch = async () => (k === 'demo' && e.live ? await picture(s.db) : undefined);
          let before = await watch();
          let res = await callEndpoint(s, e, body, tokens[k]);
          // A call that ends its own session (log out, a new password) is allowed: sign in again.
          if (guardRefused(res) && (await renew(k))) {
            before = await watch();
            res = await callEndpoint(s, e, body, tokens[k]);
          }
          if (k === 'demo' && !demoRuleKept(e, res))
            wrong.push(
              `${label(e)} as demo (live: ${e.live ?? false}): ${res.status} ${res.text.slice(0, 160)}`,
            );
          if (before) {
            const changed = changes(before, await picture(s.db));
            if (changed.length > 0) wrong.push(`${label(e)} as demo changed ${changed.join('; ')}`);
          }
          if (guardRefused(res) || res.status >= 500)
            wrong.push(`${label(e)} as ${k}: ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    SLOW,
  );

  it(
    "never shows or changes a user's things to another user who names their real ids",
    async () => {
      const marker = `alice-${randomUUID()}`;
      await deposit(s, alice.user.id, 'USDT', '5000');
      s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
      const spotKey = randomUUID();
      const spotBody = {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '1111.11',
        qty: '0.0123',
        idempotencyKey: spotKey,
      };
      const order = await s.api<{ id: string }>('/api/spot/order', spotBody, { token: alice.token });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
      const bound = await s.api(
        '/api/credit/bindwithdrawaddress',
        { address, remark: marker, chainId: 31337 },
        { token: alice.token },
      );
      expect(bound.status, JSON.stringify(bound.body)).toBe(200);
      const uploadId = await uploadChatImage(s, alice.token);
      const sent = await s.api('/api/chat/send', { text: marker, uploadId }, { token: alice.token });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const quote = await s.api<{ id: string }>(
        '/api/exchange/quote',
        { from: 'USDT', to: 'BTC', amount: '100' },
        { token: alice.token },
      );
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      // An open perpetual: its id is what close, reverse and TP/SL take.
      const margin = await s.api(
        '/api/credit/transfer',
        { from: 'funding', to: 'contract', asset: 'USDT', amount: '2000', idempotencyKey: randomUUID() },
        { token: alice.token },
      );
      expect(margin.status, JSON.stringify(margin.body)).toBe(200);
      tick(s, '60000');
      const position = await perpOrder(s, alice.token);
      expect(position.status, JSON.stringify(position.body)).toBe(200);
      // A second session of hers, which another user must not be able to end.
      const second = await s.api('/api/auth/login', { account: alice.email, password: PASSWORD });
      expect(second.status).toBe(200);

      const ids = await idsOf(s, alice.user.id);
      ids.add(spotKey).add(String(order.body.data.id)).add(uploadId).add(String(quote.body.data.id));
      // Her own things: the answer to another user never holds them.
      const hers = [marker, alice.email, address.toLowerCase(), '1111.11', '0.0123'];
      const beforeHers = await rowsOf(s, alice.user.id);
      const before = await picture(s.db);

      const leaks: string[] = [];
      let calls = 0;
      const idTaking = ENDPOINTS.filter((e) => e.auth === 'user' || e.auth === 'optional').filter(
        (e) => pathParams(e).length > 0 || idFields(e).length > 0,
      );
      expect(idTaking.length).toBeGreaterThan(20);
      for (const [i, e] of idTaking.entries()) {
        const schema = bodySchemaOf(e);
        const base = (schema ? validSample(schema, i) : {}) as Record<string, unknown>;
        const fields = idFields(e);
        for (const id of ids) {
          const typed = (f: string) => (fieldIsNumber(e, f) && /^\d+$/.test(id) ? Number(id) : id);
          const body = { ...base };
          for (const f of fields) body[f] = typed(f);
          const params = Object.fromEntries(pathParams(e).map((p) => [p, id]));
          const res = await callEndpoint(s, e, body, bob.token, params);
          calls++;
          const text = res.text.toLowerCase();
          const shown = hers.filter((h) => text.includes(h.toLowerCase()));
          if (res.status >= 500 || shown.length > 0)
            leaks.push(`${label(e)} with ${id}: ${res.status} shows ${shown.join(', ')}`);
        }
      }
      expect(leaks).toEqual([]);
      expect(calls).toBeGreaterThan(idTaking.length);
      // Nothing of hers changed: her rows in every table that names a user, and her balances.
      expect(diffRows(beforeHers, await rowsOf(s, alice.user.id))).toEqual([]);
      // Bob may have made things of his own (an order under her key is his order), but the ledger's sums
      // moved only by what he did with his own money, which is none: he holds nothing.
      expect(changes(before, await picture(s.db)).filter((c) => c.startsWith('ledger'))).toEqual([]);
      // Replaying her exact order, key and all, makes his own order (he cannot pay for it), never returns hers.
      const replay = await s.api<{ id?: string }>('/api/spot/order', spotBody, { token: bob.token });
      expect(replay.status).toBeLessThan(500);
      if (replay.status === 200) expect(String(replay.body.data.id)).not.toBe(String(order.body.data.id));
      expect(diffRows(beforeHers, await rowsOf(s, alice.user.id))).toEqual([]);
    },
    SLOW,
  );

  async function renew(k: Kind): Promise<boolean> {
    if (k === 'user') {
      const res = await s.api<Session>('/api/auth/login', { account: bob.email, password: PASSWORD });
      tokens.user = res.body.data.token;
      return res.status === 200;
    }
    if (k === 'demo') {
      tokens.demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data.token;
      return true;
    }
    if (k === 'guest') return false;
    const res = await s.api<AdminSession>('/api/admin/login', operatorLogins[k]);
    tokens[k] = res.body.data.token;
    return res.status === 200;
  }
});

/** A refusal because the caller is a demo user: the area's `..._demo` key or the ledger's `demo_not_allowed`. */
const demoRefusal = (res: Answer) => res.status === 403 && /(^|_)demo(_|$)/.test(res.body?.data?.error ?? '');

/**
 * What an endpoint's `live` says of a demo caller: declared, its call never succeeds (a body that
 * passes validation meets the demo refusal); not declared, it is never refused for being a demo user.
 */
const demoRuleKept = (e: Contract, res: Answer) => (e.live ? res.status !== 200 : !demoRefusal(res));

const guardRefused = (res: Answer) =>
  (res.status === 401 && res.body?.data?.error === 'unauthorized') ||
  (res.status === 403 && res.body?.data?.error === 'forbidden');

function idFields(e: Contract): string[] {
  const schema = bodySchemaOf(e);
  if (!schema) return [];
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  const names = shape ? Object.keys(shape) : Object.keys(propertiesOf(schema));
  return names.filter(isIdField);
}
function propertiesOf(schema: unknown): Record<string, unknown> {
  const js = (schema as { toJSONSchema?: () => { properties?: Record<string, unknown> } }).toJSONSchema?.();
  return js?.properties ?? {};
}
function fieldIsNumber(e: Contract, field: string): boolean {
  const js = (
    bodySchemaOf(e) as unknown as { toJSONSchema: () => { properties?: Record<string, { type?: string }> } }
  ).toJSONSchema().properties?.[field];
  return js?.type === 'integer' || js?.type === 'number';
}

/** The ids of every row that names the user (`user_id`), in every table with an `id` column. */
async function idsOf(s: TestServer, userId: string): Promise<Set<string>> {
  const tables = await s.db.query<{ t: string }>(
    `SELECT c.table_name AS t FROM information_schema.columns c
     JOIN information_schema.columns i ON i.table_name = c.table_name AND i.table_schema = c.table_schema AND i.column_name = 'id'
     WHERE c.table_schema = current_schema() AND c.column_name = 'user_id' AND c.table_name <> 'users'`,
  );
  const ids = new Set<string>();
  for (const { t } of tables) {
    const rows = await s.db.query<{ id: string }>(
      `SELECT id::text AS id FROM "${t}" WHERE user_id::text = $1`,
      [userId],
    );
    for (const r of rows) ids.add(r.id);
  }
  return ids;
}

/** Every row that names the user, as text, per table; and their ledger accounts. */
async function rowsOf(s: TestServer, userId: string): Promise<Record<string, string>> {
  const tables = await s.db.query<{ t: string }>(
    `SELECT table_name AS t FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'user_id' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const [row] = await s.db.query<{ v: string | null }>(
      `SELECT string_agg(x::text, E'\\n' ORDER BY x::text) AS v FROM "${t}" x WHERE user_id::text = $1`,
      [userId],
    );
    out[t] = row?.v ?? '';
  }
  const [ledger] = await s.db.query<{ v: string | null }>(
    `SELECT string_agg(x::text, E'\\n' ORDER BY x::text) AS v FROM ledger_accounts x WHERE owner_type = 'user' AND owner = $1`,
    [userId],
  );
  out.ledger_accounts = ledger?.v ?? '';
  return out;
}

function diffRows(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys(a)
    .filter((t) => a[t] !== b[t])
    .map((t) => `${t}:\n${a[t]}\n->\n${b[t]}`);
}

async function uploadChatImage(s: TestServer, token: string): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'chat');
  form.append('file', new Blob([new Uint8Array(png(8, 8, [10, 120, 200]))], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${s.url}/api/common/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { id: string } };
  expect(body.code, JSON.stringify(body)).toBe(200);
  return String(body.data.id);
}
