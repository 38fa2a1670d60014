import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db.ts';
import type { TableOwner } from '../platform/tables.ts';
import type { OutgoingMessage, Sender } from './message.ts';

/**
 * The dev outbox of the embedded default: messages are stored (admin shows them) and printed to
 * the server log instead of leaving the machine. Production configures SMTP and an SMS provider.
 */
export function outboxSender(db: Queryable, log: FastifyBaseLogger): Sender {
  return {
    async send(m: OutgoingMessage) {
      await db.query('INSERT INTO outbox (channel, target, subject, body) VALUES ($1, $2, $3, $4)', [
        m.channel,
        m.target,
        m.subject,
        m.body,
      ]);
      log.info({ outbox: m }, `dev outbox: ${m.channel} to ${m.target}: ${m.body}`);
    },
  };
}

/** The dev outbox's messages belong to delivery. */
export const outboxTables: TableOwner = { tables: ['outbox'] };
