import type { Language } from '@otc/protocol/languages';
import { DEFAULT_LANGUAGE } from '@otc/protocol/languages';
import { catalogues } from './catalogues.ts';
import type { MessageKey } from './messages/en.ts';

export type MessageParams = Record<string, string | number>;

/** The message in `lang`, English when a language lacks it, with `{{name}}` parameters filled in. */
export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = catalogues[lang]?.[key] ?? catalogues[DEFAULT_LANGUAGE][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A field's name in `lang`, for messages like "Please enter {{field}}". */
export function fieldName(lang: Language, field: string): string {
  const key = `field.${field}` as MessageKey;
  return key in catalogues.en ? translate(lang, key) : field;
}
