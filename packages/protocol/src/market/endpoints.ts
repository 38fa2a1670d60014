import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** Instruments, prices, candles and the user's favourites. */
export const marketEndpoints = endpoints('market', {
  instruments: post('/api/common/coinlist', {
    body: 'instrumentFilterBody',
    response: 'instrumentList',
    auth: 'public',
    summary: 'Instruments (filter by kind or class)',
  }),
  search: post('/api/common/search', {
    body: 'searchBody',
    response: 'searchResult',
    auth: 'public',
    summary: 'Instruments whose symbol or name contains the query, and published news whose title does',
  }),
  home: post('/api/common/index', {
    body: 'emptyBody',
    response: 'homeData',
    auth: 'public',
    summary: 'Home: tickers, movers and the latest announcements in the reader’s language',
  }),
  tickers: post('/api/market/tickers', {
    body: 'instrumentFilterBody',
    response: 'tickerList',
    auth: 'public',
    summary: 'Tickers (filter by kind or class)',
  }),
  instrument: post('/api/market/instrument', {
    body: 'symbolBody',
    response: 'instrumentDetail',
    auth: 'public',
    summary: 'One instrument with its ticker',
  }),
  candles: post('/api/market/candles', {
    body: 'candlesBody',
    response: 'candleList',
    auth: 'public',
    summary: 'Candles, oldest first; `before` pages back',
  }),
  tickHeads: post('/api/market/tick-heads', {
    body: 'tickHeadsBody',
    response: 'tickHeadList',
    auth: 'public',
    summary:
      "The published minute heads of an instrument's index tick chain, newest first (a seconds contract's proof ends at them)",
  }),
  favorites: post('/api/market/favorites', {
    body: 'emptyBody',
    response: 'favoritesList',
    auth: 'user',
    summary: "The user's favourite instruments",
  }),
  setFavorite: post('/api/market/favorite', {
    body: 'favoriteBody',
    response: 'favoritesList',
    auth: 'user',
    summary: 'Star or unstar an instrument',
  }),
});

/** The instrument registry in the back office: read by any operator, edited by admins. */
export const marketAdminEndpoints = endpoints('admin', {
  instruments: get('/api/admin/instruments', {
    response: 'instrumentList',
    auth: 'operator',
    summary: 'Every instrument with its live status',
  }),
  update: post('/api/admin/instruments/update', {
    body: 'updateInstrumentBody',
    response: 'instrument',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Edit trading parameters or halt an instrument (admin)',
  }),
});
