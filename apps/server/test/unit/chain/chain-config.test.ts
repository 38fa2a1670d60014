import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';

describe('the chain settings', () => {
  it('run the dev chain by default, but not in production', () => {
    expect(loadConfig({}).devChain).toBe(true);
    expect(loadConfig({ DEV_CHAIN: '0' }).devChain).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devChain).toBe(false);
  });

  it('enable a real chain by its RPC URL, with confirmations per chain', () => {
    const config = loadConfig({
      CHAIN_RPC_56: 'https://bsc.example/rpc',
      CHAIN_CONFIRMATIONS_56: '20',
      HOT_WALLET_KEY: '0xabc',
    });
    expect(config.chainRpc).toEqual({ 56: 'https://bsc.example/rpc' });
    expect(config.chainConfirmations).toEqual({ 56: 20 });
    expect(config.hotWalletKey).toBe('0xabc');
    expect(loadConfig({}).chainRpc).toEqual({});
  });
});
