import { newsEndpoints as news } from '@otc/protocol/news/endpoints';
import type { NewsDetail, NewsKind, NewsPage } from '@otc/protocol/news/schemas';
import { type CallOptions, call } from '../api/call.ts';
import { api } from '../api/client.ts';

/** The list's tabs: everything, or one kind. */
export type NewsTab = 'all' | NewsKind;

export const newsKeys = {
  all: ['news'] as const,
  list: (tab: NewsTab, lang: string, signedIn: boolean) => ['news', 'list', tab, lang, signedIn] as const,
  detail: (id: string, lang: string) => ['news', 'detail', id, lang] as const,
};

export const newsApi = {
  /** Published items in the reader's language (English where an item lacks it), with read marks. */
  // The list and the detail are public, but a signed-in reader's token goes with them for the read
  // marks (`auth: true`); the server reads a stale session as a visitor, so this never logs out.
  list: (tab: NewsTab, options: CallOptions = {}) =>
    api.post<NewsPage>(
      news.list.path,
      { page: 1, pageSize: 50, ...(tab === 'all' ? {} : { kind: tab }) },
      {
        ...options,
        auth: true,
      },
    ),
  /** One item with its body already rendered to safe HTML by the server (packages/core's renderer). */
  detail: (id: string, options: CallOptions = {}) =>
    api.post<NewsDetail>(news.detail.path, { id }, { ...options, auth: true }),
  /** Counts the caller's read once, however often it is called; answers the count now. */
  read: (id: string) => call(news.read, { id }, { toast: false }),
};
