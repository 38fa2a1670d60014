import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { adminNewsRoutes, newsRoutes } from './routes.ts';

/**
 * News and announcements (PRODUCT.md "Content and support"; docs/decisions/0128-news.md):
 * operators write items in the 12 languages with a publish time; readers get their language or
 * English, with read counts. Home (its announcement strip) and search read it through this file.
 */
export function newsArea(ctx: AppContext): Area {
  return {
    name: 'news',
    routes: (app) => {
      newsRoutes(app, ctx);
      adminNewsRoutes(app, ctx);
    },
  };
}

export { latestAnnouncements, searchNews } from './service.ts';

export const newsModule: AreaModule = {
  tables: ['news_items', 'news_texts', 'news_tags', 'news_reads'],
  build: (ctx) => newsArea(ctx),
};
