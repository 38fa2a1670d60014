import type { AdminSession } from '@otc/protocol/admin/schemas';
import type { Contract } from '@otc/protocol/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { hostile, hostileText } from '../support/schema-values.ts';
import {
  type Answer,
  bodySchemaOf,
  callEndpoint,
  changes,
  ENDPOINTS,
  label,
  type Picture,
  pathParams,
  picture,
} from './calls.ts';

/**
 * Every endpoint fuzzed from its own body schema (issue 30): seeded fast-check draws of hostile
 * values (wrong types, huge and empty strings, unicode, numbers in disguise, `__proto__` and extra
 * keys, arrays for objects), sent by a caller the endpoint admits. Never a 500, and a request that is
 * refused changes nothing: every table's row count and the ledger's sums are compared around it.
 *
 * `npm test` runs a few draws an endpoint; `npm run fuzz` a few hundred (FUZZ_RUNS), and FUZZ_SEED
 * replays another seed (a failure prints the seed and the path to replay it).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 30);
const anyBody = z.object({}).passthrough();

/**
 * What a refusal writes by design, by its error key: a wrong password counts towards the lockout,
 * and an operator's wrong current password is audited.
 */
const WRITTEN_WHEN_REFUSED: Record<string, readonly string[]> = {
  trade_password_wrong: ['trade_password_failures'],
  trade_password_locked: ['trade_password_failures'],
  old_password_wrong: ['audit_log'],
  login_failed: ['audit_log', 'login_failures'],
};
/** Refusals of the HTTP layer, before the app: a URL (a GET's query) or headers too large. */
const TRANSPORT_REFUSALS = [414, 431];

describe.each(DATABASES)('every endpoint fuzzed from its schema on %s', (kind) => {
  let s: TestServer;
  let user: { email: string; token: string };
  let admin: string;

  beforeAll(async () => {
    s = await startServer(kind);
    const u = await registerUser(s);
    user = { email: u.email, token: u.token };
    // Money to spend, so a well-formed spend gets past the balance and meets the rest of its checks.
    await deposit(s, u.user.id, 'USDT', '1000');
    admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
  });
  afterAll(() => s.close());

  const tokenFor = (e: Contract) =>
    e.auth === 'operator' ? admin : e.auth === 'public' ? undefined : user.token;

  /** A fuzzed call may end its caller's session (log out); sign in again, as the person would. */
  async function renew(e: Contract): Promise<void> {
    if (e.auth === 'operator') {
      admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
      return;
    }
    const res = await s.api<{ token: string }>('/api/auth/login', {
      account: user.email,
      password: PASSWORD,
    });
    if (res.status === 200) user.token = res.body.data.token;
    else {
      const fresh = await registerUser(s);
      user = { email: fresh.email, token: fresh.token };
    }
  }

  it.each(ENDPOINTS.map((e) => [label(e), e] as const))('%s', async (_, e) => {
    const schema = bodySchemaOf(e) ?? anyBody;
    const params = fc.record(Object.fromEntries(pathParams(e).map((p) => [p, hostileText])));
    const baseline = new Baseline(s);
    await fc.assert(
      fc.asyncProperty(hostile(schema), params, async (body, path) => {
        let before = await baseline.now();
        let res: Answer = await callEndpoint(s, e, body, tokenFor(e), path as Record<string, string>);
        if (res.status === 401 && res.body?.data?.error === 'unauthorized' && e.auth !== 'public') {
          await renew(e);
          before = await baseline.now();
          res = await callEndpoint(s, e, body, tokenFor(e), path as Record<string, string>);
        }
        expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
        if (res.status !== 200) {
          // Node's HTTP parser refuses a request line or headers over its limit before the app sees it.
          if (!TRANSPORT_REFUSALS.includes(res.status))
            expect(res.body?.data?.error, res.text.slice(0, 300)).toBeTypeOf('string');
          const allowed = WRITTEN_WHEN_REFUSED[res.body?.data?.error ?? ''] ?? [];
          expect((await baseline.changedSince(before, allowed)).join('\n'), res.text.slice(0, 300)).toBe('');
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

/**
 * The database's picture, taken again only when something was written: a write transaction takes
 * a transaction id, so an unchanged next id (the snapshot's xmax) means nothing was written and the
 * hundred-table count can be skipped.
 */
class Baseline {
  private last: { xmax: string; picture: Picture } | undefined;
  constructor(private readonly s: TestServer) {}

  private async xmax(): Promise<string> {
    const [row] = await this.s.db.query<{ x: string }>(
      'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x',
    );
    return row?.x ?? '';
  }

  async now(): Promise<{ xmax: string; picture: Picture }> {
    const xmax = await this.xmax();
    if (this.last?.xmax !== xmax) this.last = { xmax, picture: await picture(this.s.db) };
    return this.last;
  }

  async changedSince(
    before: { xmax: string; picture: Picture },
    allowed: readonly string[],
  ): Promise<string[]> {
    if ((await this.xmax()) === before.xmax) return [];
    const after = await this.now();
    return changes(before.picture, after.picture, allowed);
  }
}
