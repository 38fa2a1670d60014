import type { AdminArea } from '../app/area.ts';
import { NewsPage } from './NewsPage.tsx';
import { newsTexts } from './texts.ts';

/** News and announcements. */
export const newsArea: AdminArea = {
  routes: [{ path: 'news', Component: NewsPage }],
  nav: [{ to: '/news', label: newsTexts.news.nav }],
};
