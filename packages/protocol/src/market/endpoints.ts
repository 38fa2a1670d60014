import type { emptyBody } from '../contract.ts';
import { endpoints, get, post } from '../endpoint.ts';
import type {
  candleList,
  candlesBody,
  favoriteBody,
  favoritesList,
  homeData,
  instrument,
  instrumentDetail,
  instrumentFilterBody,
  instrumentList,
  searchBody,
  symbolBody,
  tickerList,
  updateInstrumentBody,
} from './schemas.ts';

/** Instruments, prices, candles and the user's favourites. */
export const marketEndpoints = endpoints('market', {
  instruments: post<typeof instrumentFilterBody, typeof instrumentList>('/api/common/coinlist', {
    auth: 'public',
    summary: 'Instruments (filter by kind or class)',
  }),
  search: post<typeof searchBody, typeof instrumentList>('/api/common/search', {
    auth: 'public',
    summary: 'Instruments whose symbol or name contains the query',
  }),
  home: post<typeof emptyBody, typeof homeData>('/api/common/index', {
    auth: 'public',
    summary: 'Home: tickers, movers and announcements',
  }),
  tickers: post<typeof instrumentFilterBody, typeof tickerList>('/api/market/tickers', {
    auth: 'public',
    summary: 'Tickers (filter by kind or class)',
  }),
  instrument: post<typeof symbolBody, typeof instrumentDetail>('/api/market/instrument', {
    auth: 'public',
    summary: 'One instrument with its ticker',
  }),
  candles: post<typeof candlesBody, typeof candleList>('/api/market/candles', {
    auth: 'public',
    summary: 'Candles, oldest first; `before` pages back',
  }),
  favorites: post<typeof emptyBody, typeof favoritesList>('/api/market/favorites', {
    auth: 'user',
    summary: "The user's favourite instruments",
  }),
  setFavorite: post<typeof favoriteBody, typeof favoritesList>('/api/market/favorite', {
    auth: 'user',
    summary: 'Star or unstar an instrument',
  }),
});

/** The instrument registry in the back office: read by any operator, edited by admins. */
export const marketAdminEndpoints = endpoints('admin', {
  instruments: get<undefined, typeof instrumentList>('/api/admin/instruments', {
    auth: 'operator',
    summary: 'Every instrument with its live status',
  }),
  update: post<typeof updateInstrumentBody, typeof instrument>('/api/admin/instruments/update', {
    auth: 'operator',
    roles: ['admin'],
    summary: 'Edit trading parameters or halt an instrument (admin)',
  }),
});
