import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, SHARED_SETUPS, startCluster, startServer, type TestServer } from '../support/harness.ts';

interface Readiness {
  status: string;
  checks: Record<string, string>;
}

async function readyz(url: string): Promise<{ code: number; body: Readiness }> {
  const res = await fetch(`${url}/readyz`);
  return { code: res.status, body: (await res.json()) as Readiness };
}

describe.each(DATABASES)('liveness and readiness for a load balancer on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  it('/livez answers while the process runs; /readyz is 200 with each check ok', async () => {
    const live = await fetch(`${s.url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await readyz(s.url);
    expect(ready.code).toBe(200);
    expect(ready.body.status).toBe('ready');
    // One process with the database to itself (no URL to share, no Redis) holds every role: nothing else to ask.
    expect(ready.body.checks).toEqual({ database: 'ok', migrations: 'ok' });
  });

  it('is 503 naming the migration when the database lacks one this build carries', async () => {
    const [last] = await s.db.query<{ id: string }>(
      'SELECT id FROM schema_migrations ORDER BY id DESC LIMIT 1',
    );
    const id = (last as { id: string }).id;
    await s.db.query('DELETE FROM schema_migrations WHERE id = $1', [id]);
    try {
      const ready = await readyz(s.url);
      expect(ready.code).toBe(503);
      expect(ready.body.status).toBe('not ready');
      expect(ready.body.checks.migrations).toBe(`not applied: ${id}`);
      expect(ready.body.checks.database).toBe('ok');
    } finally {
      await s.db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [id]);
    }
    expect((await readyz(s.url)).code).toBe(200);
  });

  // Last in this block: a shutdown, once begun, is not taken back.
  it('is 503 "shutting down" from the first moment of a shutdown, while its steps still run', async () => {
    const finish: (() => void)[] = [];
    const held = new Promise<void>((resolve) => finish.push(resolve));
    const log = { info: () => undefined, error: () => undefined };
    // The test's own step stands for the background work SIGTERM stops first (serve.ts).
    const done = s.shutdown.run([{ name: 'background work', run: () => held }], 10_000, log);
    const ready = await readyz(s.url);
    expect(ready.code).toBe(503);
    expect(ready.body).toEqual({ status: 'shutting down', checks: {} });
    // Liveness is another question: the process answers, it is only going.
    expect((await fetch(`${s.url}/livez`)).status).toBe(200);
    for (const f of finish) f();
    expect(await done).toBe(0);
  });
});

describe.each(SHARED_SETUPS)('readiness across instances (PostgreSQL and Redis)', (setup) => {
  it('an api instance is ready only while some instance owns the engines', { timeout: 240_000 }, async () => {
    const cluster = await startCluster(setup);
    try {
      const api = await cluster.start('api');
      const alone = await readyz(api.url);
      expect(alone.code).toBe(503);
      expect(alone.body.checks).toMatchObject({
        database: 'ok',
        redis: 'ok',
        'spot-engines': 'no process holds it',
        'position-engines': 'no process holds it',
      });

      const owner = await cluster.start('all');
      // The checks, not the code: a failure names the one that is not ok.
      await expect
        .poll(async () => (await readyz(api.url)).body, { timeout: 60_000 })
        .toMatchObject({ status: 'ready' });
      expect((await readyz(owner.url)).body.checks['spot-engines']).toBe('ok');

      await owner.close();
      await expect
        .poll(async () => (await readyz(api.url)).body, { timeout: 60_000 })
        .toMatchObject({ status: 'not ready' });
    } finally {
      await cluster.close();
    }
  });
});
