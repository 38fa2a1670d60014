import { newsEndpoints as news } from '@otc/protocol/news/endpoints';
import type { NewsKind } from '@otc/protocol/news/schemas';
import { type CallOptions, call } from '../api/call.ts';

/** The list's tabs: everything, or one kind. */
export type NewsTab = 'all' | NewsKind;

export const newsKeys = {
  all: ['news'] as const,
  list: (tab: NewsTab, lang: string) => ['news', 'list', tab, lang] as const,
  detail: (id: string, lang: string) => ['news', 'detail', id, lang] as const,
};

export const newsApi = {
  /** Published items in the reader's language (English where an item lacks it), with read marks. */
  list: (tab: NewsTab, options: CallOptions = {}) =>
    call(news.list, { page: 1, pageSize: 50, ...(tab === 'all' ? {} : { kind: tab }) }, options),
  /** One item with its body already rendered to safe HTML by the server (packages/core's renderer). */
  detail: (id: string, options: CallOptions = {}) => call(news.detail, { id }, options),
  /** Counts the caller's read once, however often it is called; answers the count now. */
  read: (id: string) => call(news.read, { id }, { toast: false }),
};
