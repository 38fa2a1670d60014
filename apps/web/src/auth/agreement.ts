import type { Agreement } from '@otc/protocol/auth/schemas';

/** The agreement with `key` in `lang`, else in any language (the server falls back to English). */
export function pickAgreement(items: readonly Agreement[], key: string, lang: string): Agreement | undefined {
  return items.find((a) => a.key === key && a.language === lang) ?? items.find((a) => a.key === key);
}
