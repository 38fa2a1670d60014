import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, uniqueEmail, uniquePhone } from '../support/harness.ts';
import { startMailRelay } from '../support/smtp.ts';

/** Codes leave through a real SMTP server and a real HTTP webhook, both local. */
describe('code delivery through SMTP and an SMS webhook', () => {
  const texts: { to: string; text: string }[] = [];
  let relay: Awaited<ReturnType<typeof startMailRelay>>;
  let webhook: Server;
  let s: TestServer;

  beforeAll(async () => {
    relay = await startMailRelay();

    webhook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        texts.push(JSON.parse(body) as { to: string; text: string });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    const hookPort = (webhook.address() as AddressInfo).port;

    s = await startServer('pglite', {
      smtpUrl: relay.url,
      smsWebhookUrl: `http://127.0.0.1:${hookPort}/sms`,
    });
  });
  afterAll(async () => {
    await s.close();
    relay.close();
    webhook.close();
  });

  it('mails the code in the language of the request and keeps it out of the dev outbox', async () => {
    const email = uniqueEmail();
    const res = await s.api('/api/auth/sendemail', { email, purpose: 'register' }, { lang: 'en' });
    expect(res.body.code).toBe(200);
    const mail = relay.mails.find((m) => m.to === email);
    expect(mail?.data).toMatch(/Subject: Your OTC Markets verification code/);
    expect(mail?.data).toMatch(/create your OTC Markets account is \d{6}/);
    const [row] = await s.db.query<{ n: string }>('SELECT count(*)::text AS n FROM outbox');
    expect(row?.n).toBe('0');
    // The code stored is a hash: the mail is the only place the digits exist.
    const code = mail?.data.match(/account is (\d{6})/)?.[1] ?? '';
    const stored = await s.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM verification_codes WHERE target = $1',
      [email],
    );
    expect(stored[0]?.code_hash).not.toContain(code);
  });

  it('texts the code through the SMS webhook', async () => {
    const phone = uniquePhone();
    expect((await s.api('/api/auth/sendsms', { phone, purpose: 'register' })).body.code).toBe(200);
    expect(texts.find((t) => t.to === phone)?.text).toMatch(/\d{6}/);
  });
});
