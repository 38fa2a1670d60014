import type { Config } from '../config.ts';
import { SCRYPT_LOG_N } from './secrets/passwords.ts';

/**
 * What a NODE_ENV=production start refuses, one line each: the settings made for a laptop or a test
 * (the dev chain, whose USDT is play money; a clock that stands still; passwords hashed cheaply; codes
 * sent to an outbox nobody reads; a secrets key made beside the data). A setting made for a laptop never silently runs in production:
 * the start stops and says which, rather than ignoring it (`serve.ts`). Empty when not production.
 */
export function refusedInProduction(config: Config): string[] {
  if (!config.production) return [];
  const refused: string[] = [];
  if (config.devChain)
    refused.push('DEV_CHAIN=1 is refused with NODE_ENV=production: the dev chain’s USDT is play money');
  if (config.devChainRpcUrl)
    refused.push('DEV_CHAIN_RPC_URL is refused with NODE_ENV=production: the dev chain’s USDT is play money');
  if (config.clock === 'manual')
    refused.push(
      'CLOCK=manual is refused with NODE_ENV=production: time would stand still until moved by hand',
    );
  if (config.scryptLogN < SCRYPT_LOG_N)
    refused.push(
      `SCRYPT_LOG_N=${config.scryptLogN} is refused with NODE_ENV=production: passwords hash at ${SCRYPT_LOG_N} or more`,
    );
  if (!config.smtpUrl && !config.devOutbox)
    refused.push(
      'SMTP_URL is required with NODE_ENV=production: email codes would go to the development outbox (DEV_OUTBOX=1 keeps it, with a warning every minute)',
    );
  if (!config.smsWebhookUrl && !config.devOutbox)
    refused.push(
      'SMS_WEBHOOK_URL is required with NODE_ENV=production: SMS codes would go to the development outbox (DEV_OUTBOX=1 keeps it, with a warning every minute)',
    );
  if (!config.secretsKey)
    refused.push(
      'SECRETS_KEY is required with NODE_ENV=production: two-factor keys are sealed under it (64 hex digits: openssl rand -hex 32); a key file in DATA_DIR is for a laptop',
    );
  return refused;
}
