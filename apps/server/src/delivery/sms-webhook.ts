import type { OutgoingMessage, Sender } from './message.ts';

/**
 * SMS through a provider reached by an HTTP webhook: POST {to, text} as JSON to SMS_WEBHOOK_URL.
 * Adapting to a given SMS vendor is a small relay in front of it.
 */
export function smsWebhookSender(url: string): Sender {
  return {
    async send(m: OutgoingMessage) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: m.target, text: m.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}
