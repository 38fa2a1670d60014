import type { TKey } from '../i18n/keys.ts';

/** Journal kinds the app names; any other kind shows as the server sent it. */
const JOURNAL_KINDS: Record<string, TKey> = {
  'transfer.own': 'assets.journal.kinds.transferOwn',
  'transfer.user': 'assets.journal.kinds.transferUser',
  exchange: 'assets.journal.kinds.exchange',
  'demo.grant': 'assets.journal.kinds.demoGrant',
  'admin.adjust': 'assets.journal.kinds.adminAdjust',
};

export function journalKindKey(kind: string): TKey | undefined {
  return Object.hasOwn(JOURNAL_KINDS, kind) ? JOURNAL_KINDS[kind] : undefined;
}
