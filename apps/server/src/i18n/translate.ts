import { formatAssetAmountIn } from '@otc/core';
import type { Language } from '@otc/protocol/languages';
import { DEFAULT_LANGUAGE } from '@otc/protocol/languages';
import { catalogues } from './catalogues.ts';
import type { MessageKey } from './messages/en.ts';

/**
 * An amount of an asset in a message: shown by the app's one rule for amounts (the asset's display
 * decimals, the reader's separators: "1,000.00 USDT", "1.000,00 USDT"), as the screens show it.
 */
export interface AmountParam {
  amount: string;
  displayDecimals: number;
}

export type MessageParams = Record<string, string | number | AmountParam>;

/** `value` of `asset` as a message param (see AmountParam). */
export const amountParam = (value: string, asset: { displayDecimals: number }): AmountParam => ({
  amount: value,
  displayDecimals: asset.displayDecimals,
});

function paramText(lang: Language, value: string | number | AmountParam | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'object') return formatAssetAmountIn(value.amount, value, lang);
  return String(value);
}

/**
 * A count's words in the ICU form `{name, plural, one {# minute} other {# minutes}}` (issue 23: "in
 * 1 minutes"): the form is chosen by the language's own rules (Intl.PluralRules: English one/other,
 * Russian one/few/many, Japanese other only), `#` is the count, and `other` is the fallback. Only
 * this flat part of ICU is needed, so it is read here rather than by a MessageFormat library that
 * would also claim the `{{name}}` parameters every message uses.
 */
const PLURAL = /\{(\w+), plural,((?:\s*(?:zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_FORM = /(zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralRulesOf(lang: Language): Intl.PluralRules {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules;
}

function withPlurals(lang: Language, template: string, params: MessageParams): string {
  return template.replace(PLURAL, (_, name: string, forms: string) => {
    const count = paramText(lang, params[name]);
    const found = new Map([...forms.matchAll(PLURAL_FORM)].map((m) => [m[1], m[2] ?? '']));
    const form = found.get(pluralRulesOf(lang).select(Number(count))) ?? found.get('other') ?? '';
    return form.replace(/#/g, String(count));
  });
}

/**
 * The message in `lang`, English when a language lacks it, with its plural forms chosen and its
 * `{{name}}` parameters filled in.
 */
export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = catalogues[lang]?.[key] ?? catalogues[DEFAULT_LANGUAGE][key];
  const text = withPlurals(lang, template, params).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    paramText(lang, params[name]),
  );
  // A sentence that opens with a field's name ("{{field}} is not valid.", the name written for the
  // middle of a sentence: "the price") still starts with a capital.
  return template.startsWith('{{') ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : text;
}

/** A field's name in `lang`, for messages like "Please enter {{field}}". */
export function fieldName(lang: Language, field: string): string {
  const key = `field.${field}` as MessageKey;
  return key in catalogues.en ? translate(lang, key) : field;
}
