import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas>();

/** A user's price alerts: set, list, delete; a met alert arrives as a notification. */
export const alertsEndpoints = endpoints('alerts', {
  list: post('/api/alerts/list', {
    body: 'alertListBody',
    response: 'alertList',
    auth: 'user',
    summary: 'The caller’s alerts, active first, with how many are active and the most allowed',
  }),
  add: post('/api/alerts/add', {
    body: 'addAlertBody',
    response: 'alert',
    auth: 'user',
    summary:
      'Set an alert on any instrument with an index price: rises to / falls to a price on its tick, or moves up / down by a percent from the price now',
  }),
  delete: post('/api/alerts/delete', {
    body: 'alertIdBody',
    response: 'alertDeleted',
    auth: 'user',
    summary: 'Delete one of the caller’s alerts, active or triggered',
  }),
});
