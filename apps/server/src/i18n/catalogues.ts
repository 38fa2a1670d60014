import type { Language } from '@otc/protocol/languages';
import { de } from './messages/de.ts';
import { en, type Messages } from './messages/en.ts';
import { es } from './messages/es.ts';
import { fr } from './messages/fr.ts';
import { it } from './messages/it.ts';
import { ja } from './messages/ja.ts';
import { ko } from './messages/ko.ts';
import { pt } from './messages/pt.ts';
import { ru } from './messages/ru.ts';
import { sv } from './messages/sv.ts';
import { th } from './messages/th.ts';
import { zhTW } from './messages/zh-TW.ts';

export const catalogues: Record<Language, Messages> = {
  en,
  'zh-TW': zhTW,
  ja,
  ko,
  th,
  es,
  pt,
  de,
  fr,
  sv,
  it,
  ru,
};
