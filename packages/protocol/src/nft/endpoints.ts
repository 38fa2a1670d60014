import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The NFT pages: what is offered (anyone may look), buying a unit and the units a user owns. */
export const nftEndpoints = endpoints('nft', {
  config: post('/api/common/getnftconfig', {
    body: 'emptyBody',
    response: 'nftConfig',
    auth: 'public',
    summary:
      'NFT collections with their items, as the seed calls them (records on this platform, not on a chain)',
  }),
  collections: post('/api/nft/collections', {
    body: 'emptyBody',
    response: 'nftCollectionList',
    auth: 'public',
    summary: 'The listed NFT collections with their listed items',
  }),
  collection: post('/api/nft/collection', {
    body: 'nftCollectionBody',
    response: 'nftCollection',
    auth: 'public',
    summary: 'One listed NFT collection with its listed items',
  }),
  item: post('/api/nft/item', {
    body: 'nftItemBody',
    response: 'nftItemDetail',
    auth: 'public',
    summary: 'One listed NFT item: price, supply, how many are left',
  }),
  buy: post('/api/nft/buy', {
    body: 'nftBuyBody',
    response: 'nftOwned',
    auth: 'user',
    summary:
      'Buy one unit of an item at its price in USDT from the funding account (idempotent; transaction password for real users): a ledger movement and a numbered ownership record, nothing minted on a chain',
  }),
  mine: post('/api/nft/mine', {
    body: 'nftMineBody',
    response: 'nftOwnedPage',
    auth: 'user',
    summary: 'The NFT units the caller owns, newest first',
  }),
});

/** NFT collections and items in the back office: read by any operator, edited by admins. */
export const nftAdminEndpoints = endpoints('admin', {
  catalogue: get('/api/admin/nft/collections', {
    response: 'adminNftCatalogue',
    auth: 'operator',
    summary: 'Every NFT collection and item, listed or not, with units sold',
  }),
  saveCollection: post('/api/admin/nft/collections/save', {
    body: 'saveNftCollectionBody',
    response: 'adminNftCollection',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Create or change an NFT collection (admin): name, description, listed',
  }),
  saveItem: post('/api/admin/nft/items/save', {
    body: 'saveNftItemBody',
    response: 'adminNftCollection',
    auth: 'operator',
    roles: ['admin'],
    summary:
      'Create or change an NFT item (admin): name, description, price in USDT, supply (never below the units sold), listed',
  }),
});
