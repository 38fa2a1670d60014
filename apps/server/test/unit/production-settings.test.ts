import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/db.ts';
import { createDelivery, DEV_OUTBOX_WARNING_MS } from '../../src/delivery/index.ts';
import { refusedInProduction } from '../../src/platform/production.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail:25',
  SMS_WEBHOOK_URL: 'https://sms/hook',
  SECRETS_KEY: 'ab'.repeat(32),
};

describe('what a production start refuses', () => {
  it('nothing on a laptop: the embedded default keeps every convenience', () => {
    expect(refusedInProduction(loadConfig({ CLOCK: 'manual', DEV_CHAIN: '1', SCRYPT_LOG_N: '12' }))).toEqual(
      [],
    );
  });

  it('nothing with production settings; the dev chain is off by default there', () => {
    expect(refusedInProduction(loadConfig(PRODUCTION))).toEqual([]);
  });

  it('each development setting, one line each, all at once', () => {
    const refused = refusedInProduction(
      loadConfig({
        NODE_ENV: 'production',
        DEV_CHAIN: '1',
        DEV_CHAIN_RPC_URL: 'http://127.0.0.1:8545',
        CLOCK: 'manual',
        SCRYPT_LOG_N: '16',
      }),
    );
    expect(refused.map((line) => line.split(' ')[0])).toEqual([
      'DEV_CHAIN=1',
      'DEV_CHAIN_RPC_URL',
      'CLOCK=manual',
      'SCRYPT_LOG_N=16',
      'SMTP_URL',
      'SMS_WEBHOOK_URL',
      'SECRETS_KEY',
    ]);
  });

  it('SECRETS_KEY: a key file beside the data is for a laptop; production names its own key', () => {
    const { SECRETS_KEY: _key, ...withoutKey } = PRODUCTION;
    expect(refusedInProduction(loadConfig(withoutKey))).toEqual([
      'SECRETS_KEY is required with NODE_ENV=production: two-factor keys are sealed under it (64 hex digits: openssl rand -hex 32); a key file in DATA_DIR is for a laptop',
    ]);
    // A key that is not 32 bytes of hex is refused as a setting, whatever the environment.
    expect(() => loadConfig({ ...PRODUCTION, SECRETS_KEY: 'short' })).toThrow(/64 hex digits/);
  });

  it('DEV_OUTBOX=1 keeps the outbox for codes with no relay', () => {
    expect(refusedInProduction(loadConfig({ ...PRODUCTION, SMTP_URL: '', DEV_OUTBOX: '1' }))).toEqual([]);
  });
});

describe('the dev outbox in production (DEV_OUTBOX=1)', () => {
  afterEach(() => vi.useRealTimers());
  /** The delivery's log lines; the database is not reached: nothing is sent here. */
  function deliveryWith(env: Record<string, string>) {
    const warnings: string[] = [];
    const log = { warn: (line: string) => warnings.push(line) } as unknown as FastifyBaseLogger;
    const unused = {} as Db;
    return { delivery: createDelivery(loadConfig(env), unused, log), warnings };
  }

  it('says at start and every minute which codes go to it, until closed', () => {
    vi.useFakeTimers();
    const { delivery, warnings } = deliveryWith({ ...PRODUCTION, SMS_WEBHOOK_URL: '', DEV_OUTBOX: '1' });
    expect(warnings).toEqual([
      'DEV_OUTBOX=1 with NODE_ENV=production: SMS codes go to the development outbox, not to users',
    ]);
    vi.advanceTimersByTime(DEV_OUTBOX_WARNING_MS * 2);
    expect(warnings).toHaveLength(3);
    delivery.close();
    vi.advanceTimersByTime(DEV_OUTBOX_WARNING_MS * 5);
    expect(warnings).toHaveLength(3);
  });

  it('is quiet on a laptop and with both relays set', () => {
    vi.useFakeTimers();
    for (const env of [{}, PRODUCTION]) {
      const { delivery, warnings } = deliveryWith(env);
      vi.advanceTimersByTime(DEV_OUTBOX_WARNING_MS * 3);
      expect(warnings).toEqual([]);
      delivery.close();
    }
  });
});
