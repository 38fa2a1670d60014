import type { Language } from '@otc/protocol/languages';
import type { NoticeKind } from '@otc/protocol/notifications/kinds';
import type { Notice } from '@otc/protocol/notifications/schemas';
import { en, type MessageKey } from '../i18n/messages/en.ts';
import { translate } from '../i18n/translate.ts';
import type { NoticeRow } from './queries.ts';

// Every kind has its title and body among the server messages: a kind without them fails to compile.
const keyOf = (
  kind: NoticeKind,
  part: 'title' | 'body',
): `notice.${NoticeKind}.${typeof part}` & MessageKey => `notice.${kind}.${part}`;

/**
 * Params whose value is a code the reader should see in words (an account kind): shown as the
 * message `notice.<param>.<value>` when there is one, as the value otherwise.
 */
const WORDED_PARAMS = new Set(['account']);
const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

function paramsIn(lang: Language, params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const worded = `notice.${name}.${value}`;
    out[name] = WORDED_PARAMS.has(name) && isMessageKey(worded) ? translate(lang, worded) : String(value);
  }
  return out;
}

/**
 * A stored notification as the reader sees it: its texts in their language, the params filled in
 * as plain text (a client shows them as text, never as HTML).
 */
export function noticeIn(lang: Language, row: NoticeRow): Notice {
  const params = paramsIn(lang, row.params ?? {});
  return {
    id: row.id,
    kind: row.kind,
    title: translate(lang, keyOf(row.kind, 'title'), params),
    body: translate(lang, keyOf(row.kind, 'body'), params),
    link: row.link,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}
