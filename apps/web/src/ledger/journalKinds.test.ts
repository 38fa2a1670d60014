import { JOURNAL_KINDS } from '@otc/protocol/ledger/journal-kinds';
import type { AccountLogEntry } from '@otc/protocol/ledger/schemas';
import { describe, expect, it } from 'vitest';
import { journalLabels } from '../app/areas.ts';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import fr from '../i18n/locales/fr.json';
import it_ from '../i18n/locales/it.json';
import ja from '../i18n/locales/ja.json';
import ko from '../i18n/locales/ko.json';
import pt from '../i18n/locales/pt.json';
import ru from '../i18n/locales/ru.json';
import sv from '../i18n/locales/sv.json';
import th from '../i18n/locales/th.json';
import zhTW from '../i18n/locales/zh-TW.json';
import {
  groupFrozen,
  groupJournal,
  groupNet,
  journalKindKey,
  journalLabelKeys,
  journalLines,
  orderSide,
} from './journalKinds.ts';

/** The app's labels, every listed area's, as balance history loads them. */
const LABELS = await journalLabels();

const LOCALES = { de, en, es, fr, it: it_, ja, ko, pt, ru, sv, th, 'zh-TW': zhTW };
const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], tree);

let id = 0;
const entry = (
  e: Partial<AccountLogEntry> & Pick<AccountLogEntry, 'kind' | 'asset' | 'amount'>,
): AccountLogEntry => ({
  id: String(++id),
  journalId: String(id),
  field: 'available',
  reference: null,
  subject: null,
  fee: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...e,
});

describe('journal kinds', () => {
  const GENERIC = [
    'assets.journal.kinds.other',
    'assets.journal.kinds.positionOther',
    'assets.journal.kinds.secondsOther',
  ];

  it('give every kind the server writes (the protocol list its postings are typed by) a label of its own', () => {
    for (const kind of JOURNAL_KINDS) {
      expect(GENERIC, kind).not.toContain(journalKindKey(kind, LABELS));
      expect(journalLabelKeys(LABELS), kind).toContain(journalKindKey(kind, LABELS));
    }
    expect(journalKindKey('positions.funding', LABELS)).toBe('assets.journal.kinds.fundingFee');
    expect(journalKindKey('position.stamp_duty', LABELS)).toBe('assets.journal.kinds.stampDuty');
    expect(journalKindKey('seconds.settle', LABELS)).toBe('assets.journal.kinds.secondsSettle');
  });

  it('have every label in all 12 languages, in words', () => {
    const keys = [...journalLabelKeys(LABELS), 'assets.journal.order.buy', 'assets.journal.order.sell'];
    for (const [lang, tree] of Object.entries(LOCALES))
      for (const key of keys) {
        const text = lookup(tree, key);
        expect(typeof text, `${lang} ${key}`).toBe('string');
        expect(text, `${lang} ${key}`).not.toMatch(/^[a-z_]+\.[a-z_.]+$/);
      }
  });

  it('read an unknown kind by its family where it has one, else as "Other movement", never its code', () => {
    expect(journalKindKey('position.adl', LABELS)).toBe('assets.journal.kinds.positionOther');
    expect(journalKindKey('positions.rebate', LABELS)).toBe('assets.journal.kinds.positionOther');
    expect(journalKindKey('seconds.refund', LABELS)).toBe('assets.journal.kinds.secondsOther');
    // A kind of an area this app does not know yet (loans, issue 26), with no family label.
    expect(journalKindKey('loan.interest', LABELS)).toBe('assets.journal.kinds.other');
    expect(journalKindKey('seconds', LABELS)).toBe('assets.journal.kinds.other');
    expect(journalKindKey('toString', LABELS)).toBe('assets.journal.kinds.other');
    expect(journalKindKey('constructor.x', LABELS)).toBe('assets.journal.kinds.other');
  });
});

describe('orderSide', () => {
  const spot = { subject: 'BTC/USDT' };
  it('reads a buy from the quote it freezes, pays and gets back, and the base it receives', () => {
    expect(
      orderSide(entry({ ...spot, kind: 'spot.freeze', asset: 'USDT', field: 'frozen', amount: '100' })),
    ).toBe('buy');
    expect(
      orderSide(entry({ ...spot, kind: 'spot.trade', asset: 'USDT', field: 'frozen', amount: '-60' })),
    ).toBe('buy');
    expect(orderSide(entry({ ...spot, kind: 'spot.trade', asset: 'BTC', amount: '0.001' }))).toBe('buy');
    expect(orderSide(entry({ ...spot, kind: 'spot.release', asset: 'USDT', amount: '40' }))).toBe('buy');
  });
  it('reads a sell the other way round', () => {
    expect(
      orderSide(entry({ ...spot, kind: 'spot.freeze', asset: 'BTC', field: 'frozen', amount: '1' })),
    ).toBe('sell');
    expect(
      orderSide(entry({ ...spot, kind: 'spot.trade', asset: 'BTC', field: 'frozen', amount: '-1' })),
    ).toBe('sell');
    expect(orderSide(entry({ ...spot, kind: 'spot.trade', asset: 'USDT', amount: '59.9' }))).toBe('sell');
  });
  it('has no side for what is no spot movement or names no instrument', () => {
    expect(orderSide(entry({ kind: 'exchange', asset: 'USDT', amount: '-1' }))).toBeNull();
    expect(orderSide(entry({ kind: 'spot.trade', asset: 'USDT', amount: '-1' }))).toBeNull();
  });
});

describe('groupJournal', () => {
  it("gathers one order's movements under it, newest first, and leaves the rest on their own", () => {
    const spot = { subject: 'BTC/USDT', asset: 'USDT' };
    const log = [
      entry({ ...spot, kind: 'spot.release', reference: '7', amount: '40.04' }),
      entry({ ...spot, kind: 'spot.release', reference: '7', field: 'frozen', amount: '-40.04' }),
      entry({ ...spot, kind: 'spot.trade', reference: '5/7', field: 'frozen', amount: '-60.06' }),
      entry({ kind: 'transfer.own', asset: 'USDT', amount: '-10' }),
      entry({ ...spot, kind: 'spot.freeze', reference: '7', field: 'frozen', amount: '100.1' }),
      entry({ ...spot, kind: 'spot.freeze', reference: '7', amount: '-100.1' }),
      entry({ kind: 'demo.grant', asset: 'USDT', amount: '100000', reference: '10000001' }),
    ];
    const groups = groupJournal(log, LABELS);
    expect(groups.map((g) => [g.order, g.entries.length])).toEqual([
      [{ side: 'buy', symbol: 'BTC/USDT' }, 5],
      [null, 1],
      [null, 1],
    ]);
    expect(groups[0]?.entries.map((e) => e.kind)).toEqual([
      'spot.release',
      'spot.release',
      'spot.trade',
      'spot.freeze',
      'spot.freeze',
    ]);
    expect(groups.map((g) => g.kindKey).slice(1)).toEqual([
      'assets.journal.kinds.transferOwn',
      'assets.journal.kinds.demoGrant',
    ]);
    // Frozen and released cancel out: what the order cost in total is its fill.
    expect(groupNet(groups[0] as (typeof groups)[number])).toBe('-60.06');
    expect(groupFrozen(groups[0] as (typeof groups)[number])).toBe('0');
    // An open order: nothing spent yet, 100.1 held.
    const open = groupJournal(log.slice(4), LABELS)[0] as (typeof groups)[number];
    expect([groupNet(open), groupFrozen(open)]).toEqual(['0', '100.1']);
  });

  it('keeps a fill of an order the list has not reached on its own row', () => {
    const groups = groupJournal(
      [entry({ kind: 'spot.trade', reference: '5/7', subject: 'BTC/USDT', asset: 'USDT', amount: '59.9' })],
      LABELS,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]?.order).toEqual({ side: 'sell', symbol: 'BTC/USDT' });
  });
});

describe('journalLines', () => {
  const fill = { kind: 'spot.trade', subject: 'BTC/USDT', asset: 'USDT', reference: '5/7' };
  it("shows a buy's fill as the trade's value and its fee, summing to what left the frozen balance", () => {
    const lines = journalLines(entry({ ...fill, field: 'frozen', amount: '-60.06', fee: '0.06' }), LABELS);
    expect(lines.map((l) => [l.labelKey, l.amount, l.field])).toEqual([
      ['assets.journal.kinds.spotTrade', '-60', 'frozen'],
      ['assets.journal.kinds.fee', '-0.06', 'frozen'],
    ]);
  });
  it("shows a sell's fill as the value received before the fee, then the fee", () => {
    const lines = journalLines(entry({ ...fill, amount: '59.94', fee: '0.06' }), LABELS);
    expect(lines.map((l) => [l.labelKey, l.amount])).toEqual([
      ['assets.journal.kinds.spotTrade', '60'],
      ['assets.journal.kinds.fee', '-0.06'],
    ]);
  });
  it('leaves a movement without a fee as one line', () => {
    const lines = journalLines(entry({ ...fill, asset: 'BTC', amount: '0.001' }), LABELS);
    expect(lines.map((l) => [l.labelKey, l.amount])).toEqual([['assets.journal.kinds.spotTrade', '0.001']]);
  });
});
