import { AlertWatch, alertDirection, canonicalDecimal, parseUnits, type WatchedAlert } from '@otc/core';
import type { Bus } from '../bus/bus.ts';
import type { AppContext } from '../context.ts';
import type { IndexTick, MarketHub } from '../market/index.ts';
import { announceNotices, notify } from '../notifications/index.ts';
import * as sql from './queries.ts';

/**
 * The bus channel that tells the watching process an alert was set or deleted (in whichever process
 * took the request): it changes its watch at once, without a query.
 */
export const ALERTS_CHANNEL = 'alerts:changed';
export type AlertsMessage =
  | { add: { id: string; symbol: string; target: string; fires: 'above' | 'below' } }
  | { remove: string };

export function announceAlert(bus: Bus, message: AlertsMessage): void {
  bus.publish({ channel: ALERTS_CHANNEL, seq: 0, data: message });
}

/** How often the watch checks itself against the table: what a message lost in a bus outage missed. */
export const RESYNC_MS = 60_000;

/** The alerts' app path a notice opens (the web's list). */
export const ALERTS_LINK = '/pages/alerts/list';

const watched = (r: sql.AlertRow): WatchedAlert => ({
  id: r.id,
  symbol: r.symbol,
  target: parseUnits(r.target),
  fires: alertDirection(r.condition),
});

/**
 * Watches every active alert against the index ticks this process's feed makes (a tick heard from
 * the bus has no source: the feed's owner evaluates it), so one process evaluates, with the alerts in
 * memory (core's `AlertWatch`: per instrument sorted thresholds, no query per tick). A met alert is
 * marked triggered by a conditional update and its owner told in the same transaction; should two
 * processes evaluate the same tick (a feed changing hands), only one gets the row back. Returns
 * the watch (tests) and how to stop.
 */
export async function startAlertWatch(
  ctx: AppContext,
  hub: Pick<MarketHub, 'onIndexTick'>,
): Promise<{ watch: AlertWatch; fired: () => Promise<void>; stop: () => void }> {
  const watch = new AlertWatch();
  let inFlight: Promise<void> = Promise.resolve();
  const resync = async () => {
    // Only what was watched before the query can be stale: one added since is not in its rows yet.
    const before = watch.ids();
    const rows = await sql.activeAlerts(ctx.db);
    const active = new Set(rows.map((r) => r.id));
    for (const r of rows) if (!watch.has(r.id)) watch.add(watched(r));
    for (const id of before) if (!active.has(id)) watch.remove(id);
  };

  // Messages heard while loading wait for it, so a delete is never undone by the load.
  let queued: AlertsMessage[] | null = [];
  const apply = (m: AlertsMessage) => {
    if ('add' in m) watch.add({ ...m.add, target: parseUnits(m.add.target) });
    else watch.remove(m.remove);
  };
  const stopBus = ctx.bus.subscribe((m) => {
    if (m.channel !== ALERTS_CHANNEL) return;
    const message = m.data as AlertsMessage;
    if (queued) queued.push(message);
    else apply(message);
  });
  for (const r of await sql.activeAlerts(ctx.db)) watch.add(watched(r));
  for (const m of queued) apply(m);
  queued = null;

  const fire = async (tick: IndexTick, alerts: WatchedAlert[]) => {
    try {
      const rows = await ctx.db.tx(async (q) => {
        const met = await sql.markTriggered(
          q,
          alerts.map((a) => a.id),
          tick.price,
          ctx.clock.date(),
        );
        for (const r of met)
          await notify(q, r.user_id, {
            kind: `alert.${r.condition}`,
            params: {
              symbol: r.symbol,
              price: canonicalDecimal(tick.price),
              alertPrice: canonicalDecimal(r.target),
              basePrice: canonicalDecimal(r.base_price),
              ...(r.percent === null ? {} : { movePercent: canonicalDecimal(r.percent) }),
            },
            link: ALERTS_LINK,
          });
        return met;
      });
      if (rows.length > 0) {
        ctx.log.info(
          { symbol: tick.symbol, price: tick.price, alerts: rows.map((r) => r.id) },
          'price alerts fired',
        );
        await announceNotices(
          ctx,
          rows.map((r) => r.user_id),
        );
      }
    } catch (err) {
      // Not marked: watched again, checked against the next tick's price.
      ctx.log.error({ err, symbol: tick.symbol }, 'price alerts not fired; watched again');
      for (const a of alerts) watch.add(a);
    }
  };
  const stopTicks = hub.onIndexTick((tick) => {
    if (tick.source === null) return;
    const met = watch.tick(tick.symbol, parseUnits(tick.price));
    if (met.length === 0) return;
    // One after the other: a tick's alerts are told in the order the feed made the ticks.
    inFlight = inFlight.then(() => fire(tick, met));
  });
  const timer = setInterval(() => {
    resync().catch((err: unknown) => ctx.log.warn({ err }, 'price alerts resync failed'));
  }, RESYNC_MS);
  timer.unref();
  ctx.log.info({ alerts: watch.size }, 'price alerts watching');
  return {
    watch,
    fired: () => inFlight,
    stop: () => {
      clearInterval(timer);
      stopTicks();
      stopBus();
    },
  };
}
