import { contract, emptyBody } from '../contract.ts';
import { marketAdminEndpoints, marketEndpoints } from './endpoints.ts';
import {
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

export const marketContract = contract(marketEndpoints, {
  instruments: { body: instrumentFilterBody, response: instrumentList },
  search: { body: searchBody, response: instrumentList },
  home: { body: emptyBody, response: homeData },
  tickers: { body: instrumentFilterBody, response: tickerList },
  instrument: { body: symbolBody, response: instrumentDetail },
  candles: { body: candlesBody, response: candleList },
  favorites: { body: emptyBody, response: favoritesList },
  setFavorite: { body: favoriteBody, response: favoritesList },
});

export const marketAdminContract = contract(marketAdminEndpoints, {
  instruments: { response: instrumentList },
  update: { body: updateInstrumentBody, response: instrument },
});
