import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { journalKindKey } from './journalKinds.ts';

const lookup = (key: string) =>
  key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], en);

describe('journal kinds', () => {
  it('name the known kinds and leave others to show raw', () => {
    for (const kind of ['transfer.own', 'transfer.user', 'exchange', 'demo.grant', 'admin.adjust']) {
      const key = journalKindKey(kind);
      expect(key, kind).toBeDefined();
      expect(typeof lookup(key as string), kind).toBe('string');
    }
    expect(journalKindKey('earn.yield')).toBeUndefined();
    expect(journalKindKey('toString')).toBeUndefined();
  });
});
