import { PassThrough } from 'node:stream';
import { type AreaWord, recordsOf, AREAS as VOCABULARIES, wordsOf } from '@otc/protocol/areas';
import { userEventsOf, WIRES } from '@otc/protocol/wires';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../../src/app.ts';
import { AREAS } from '../../../src/areas.ts';
import { loadConfig } from '../../../src/config.ts';
import type { Db } from '../../../src/db/db.ts';
import { migrate } from '../../../src/db/migrate.ts';
import { openPglite } from '../../../src/db/pglite.ts';
import { fixtureContract, fixtureVocabulary, fixtureWire } from './fixture/protocol.ts';
import { fixtureModule, fixtureProblems } from './fixture/server.ts';

/**
 * The new-area proof (docs/ARCHITECTURE.md, "A new area, step by step"): a throwaway area written
 * through the public shapes only (./fixture: its protocol and its server module) and added to the
 * lists as a new area's line would add it, with no other file touched, is routed, documented,
 * ledger-checked, and joined into the protocol's words and the user channel's union.
 */
const config = {
  ...loadConfig({}),
  marketFeed: 'off' as const,
  marketHistory: false,
  sampleBankAccount: false,
  scryptLogN: 14,
  webDist: '/nonexistent',
  adminDist: '/nonexistent',
};

describe('a new area on the server, added to the list', () => {
  let db: Db;
  let built: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    built = await buildApp({ config, db, logStream: new PassThrough(), areas: [...AREAS, fixtureModule] });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await built?.app.close();
    await db?.close();
  });

  it('serves its call, built on the area it names (the market)', async () => {
    const res = await fetch(url + fixtureContract.hello.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, data: { greeting: 'hello beside BTC/USDT' } });
  });

  it('is in the OpenAPI document with its tag and summary', async () => {
    const doc = (await (await fetch(`${url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    expect(doc.paths['/api/fixture/hello']?.post).toMatchObject({
      tags: ['fixture'],
      summary: 'A fixture area says hello',
    });
  });

  it("runs its ledger check with every other area's", async () => {
    expect(await built.ctx.checkLedger(db)).toEqual([]);
    fixtureProblems.push('fixture: a row out of place');
    try {
      expect(await built.ctx.checkLedger(db)).toEqual(['fixture: a row out of place']);
    } finally {
      fixtureProblems.length = 0;
    }
  });

  it('refuses to start when an area builds on one the list lacks', async () => {
    const other = await openPglite();
    try {
      await migrate(other);
      await expect(
        buildApp({ config, db: other, logStream: new PassThrough(), areas: [fixtureModule] }),
      ).rejects.toThrow('an area builds on an area that is not in the list (areas.ts)');
    } finally {
      await other.close();
    }
  });
});

describe('a new area in the protocol, added to the lists', () => {
  const vocabularies = [...VOCABULARIES, fixtureVocabulary] as const;

  it('joins its journal kind, notice kind, error and event field, as literal types', () => {
    const kind: AreaWord<'journalKinds', typeof vocabularies> = 'fixture.move';
    const notice: AreaWord<'noticeKinds', typeof vocabularies> = 'fixture.done';
    expect(wordsOf('journalKinds', vocabularies)).toContain(kind);
    expect(wordsOf('journalKinds', vocabularies)).toContain('spot.trade');
    expect(wordsOf('noticeKinds', vocabularies)).toContain(notice);
    const errors = recordsOf('errors', vocabularies);
    const code: 409 = errors.fixture_refused;
    expect(code).toBe(409);
    expect(recordsOf('userEventFields', vocabularies).fixture).toBe('greeting');
  });

  it('fails at load on a word another area declares', () => {
    const twin = { name: 'twin', journalKinds: ['spot.trade'] } as const;
    expect(() => wordsOf('journalKinds', [...VOCABULARIES, twin])).toThrow(
      'declared by two areas (journalKinds): spot.trade',
    );
  });

  it("puts its event in the user channel's union", () => {
    const userEvent = z.discriminatedUnion('kind', userEventsOf([...WIRES, fixtureWire]));
    const event: z.infer<typeof userEvent> = userEvent.parse({ kind: 'fixture', greeting: 'hi' });
    expect(event).toEqual({ kind: 'fixture', greeting: 'hi' });
    expect(userEvent.safeParse({ kind: 'fixture' }).success).toBe(false);
    expect(userEvent.safeParse({ kind: 'unknown', greeting: 'hi' }).success).toBe(false);
  });
});
