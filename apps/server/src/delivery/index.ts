import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { OutgoingMessage, Sender } from './message.ts';
import { outboxSender } from './outbox.ts';
import { smsWebhookSender } from './sms-webhook.ts';
import { smtpSender } from './smtp.ts';

/** How often a production server using the dev outbox (DEV_OUTBOX=1) says so. */
export const DEV_OUTBOX_WARNING_MS = 60_000;

/**
 * Email goes to SMTP when configured, SMS to the webhook when configured; otherwise the dev outbox.
 * In production the outbox runs only with DEV_OUTBOX=1 (else the start is refused: platform/
 * production.ts), and then it is not silent: a warning every minute until the server closes.
 */
export function createDelivery(config: Config, db: Db, log: FastifyBaseLogger): Sender & { close(): void } {
  const outbox = outboxSender(db, log);
  const unsent = [!config.smtpUrl && 'email', !config.smsWebhookUrl && 'SMS'].filter(Boolean);
  const warn = () =>
    log.warn(
      `DEV_OUTBOX=1 with NODE_ENV=production: ${unsent.join(' and ')} codes go to the development outbox, not to users`,
    );
  let timer: NodeJS.Timeout | undefined;
  if (config.production && unsent.length > 0) {
    warn();
    timer = setInterval(warn, DEV_OUTBOX_WARNING_MS);
    timer.unref();
  }
  const email = config.smtpUrl ? smtpSender(config.smtpUrl, config.mailFrom) : outbox;
  const sms = config.smsWebhookUrl ? smsWebhookSender(config.smsWebhookUrl) : outbox;
  return {
    send: (m: OutgoingMessage) => (m.channel === 'email' ? email : sms).send(m),
    close: () => clearInterval(timer),
  };
}
