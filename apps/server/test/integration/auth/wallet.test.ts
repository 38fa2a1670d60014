import type { Session, WalletNonce } from '@otc/protocol/auth/schemas';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { count, DATABASES, startServer, type TestServer } from '../support/harness.ts';

describe.each(DATABASES)('Sign-In with Ethereum on %s', (kind) => {
  let s: TestServer;
  let host: string;
  beforeAll(async () => {
    s = await startServer(kind);
    // The configured public origin: on a development start, the address the server prints.
    host = new URL(s.config.publicUrl as string).host;
  });
  afterAll(() => s.close());

  async function signIn(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = (await s.api<WalletNonce>('/api/auth/walletnonce', { address: wallet.address, chainId: 1 }))
      .body.data;
    expect(nonce.domain).toBe(host);
    const message = createSiweMessage({
      address: wallet.address,
      chainId: nonce.chainId,
      domain: nonce.domain,
      uri: nonce.uri,
      nonce: nonce.nonce,
      version: '1',
      issuedAt: new Date(nonce.issuedAt),
      expirationTime: new Date(nonce.expirationTime),
      statement: nonce.statement,
      ...overrides,
    });
    const signature = await wallet.signMessage({ message });
    return {
      wallet,
      message,
      signature,
      body: { address: wallet.address, signature, message, wallet_type: 2 },
    };
  }

  it('signs a wallet in with a SIWE message and creates its user once', async () => {
    const { wallet, body } = await signIn();
    const res = await s.api<Session>('/api/auth/walletlogin', body);
    expect(res.body.code).toBe(200);
    expect(res.body.data.user.walletAddress).toBe(wallet.address.toLowerCase());
    expect(res.body.data.user.hasTradePassword).toBe(false);
    expect(typeof res.body.data.token).toBe('string');

    // The same wallet signing in again reaches the same user.
    const nonce = (await s.api<WalletNonce>('/api/auth/walletnonce', { address: wallet.address, chainId: 1 }))
      .body.data;
    const message = createSiweMessage({
      address: wallet.address,
      chainId: 1,
      domain: nonce.domain,
      uri: nonce.uri,
      nonce: nonce.nonce,
      version: '1',
      issuedAt: new Date(nonce.issuedAt),
    });
    const again = await s.api<Session>('/api/auth/walletlogin', {
      ...body,
      message,
      signature: await wallet.signMessage({ message }),
    });
    expect(again.body.data.user.id).toBe(res.body.data.user.id);
  });

  it('takes over the support conversation the device wrote as a guest (the token sent once)', async () => {
    const deviceToken = `device-${Date.now().toString(36)}-wallet-test-token`;
    const asked = await s.api<{ conversationId: string }>('/api/chat/guest/send', {
      deviceToken,
      text: 'Which wallets can I use?',
    });
    expect(asked.body.code).toBe(200);
    const { body } = await signIn();
    const session = (await s.api<Session>('/api/auth/walletlogin', { ...body, deviceToken })).body.data;
    const mine = await s.api<{ id: string; messages: { text: string }[] }>(
      '/api/chat/conversation',
      {},
      { token: session.token },
    );
    expect(mine.body.data).toMatchObject({
      id: asked.body.data.conversationId,
      messages: [{ text: 'Which wallets can I use?' }],
    });
    // The device reads it as a guest no more.
    expect(
      (await s.api<{ messages: unknown[] }>('/api/chat/guest/conversation', { deviceToken })).body.data
        .messages,
    ).toEqual([]);
  });

  it("binds the nonce to the configured site, never to the request's Host", async () => {
    expect(host).toBe(`localhost:${s.config.port}`);
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = await s.api<WalletNonce>(
      '/api/auth/walletnonce',
      { address: wallet.address, chainId: 1 },
      { host: 'evil.example' },
    );
    expect(nonce.body.data).toMatchObject({ domain: host, uri: `http://${host}` });
    // A phishing site's message, signed for its own domain with that nonce, does not log in.
    const message = createSiweMessage({
      address: wallet.address,
      chainId: 1,
      domain: 'evil.example',
      uri: 'https://evil.example',
      nonce: nonce.body.data.nonce,
      version: '1',
      issuedAt: new Date(nonce.body.data.issuedAt),
    });
    const users = await count(s.db, 'users');
    const res = await s.api(
      '/api/auth/walletlogin',
      { address: wallet.address, message, signature: await wallet.signMessage({ message }), wallet_type: 2 },
      { host: 'evil.example' },
    );
    expect(res.body.data.error).toBe('siwe_domain_mismatch');
    expect(await count(s.db, 'users')).toBe(users);
  });

  it('refuses a replayed message, a foreign domain, a forged signature, an expired message and other wallet types', async () => {
    const users = await count(s.db, 'users');
    const first = await signIn();
    expect((await s.api('/api/auth/walletlogin', first.body)).body.code).toBe(200);
    const replay = await s.api('/api/auth/walletlogin', first.body);
    expect(replay.body.data.error).toBe('siwe_nonce_invalid');

    const foreign = await signIn({ domain: 'evil.example', uri: 'https://evil.example' });
    const res = await s.api('/api/auth/walletlogin', foreign.body);
    expect(res.status).toBe(400);
    expect(res.body.data.error).toBe('siwe_domain_mismatch');

    const forged = await signIn();
    const other = privateKeyToAccount(generatePrivateKey());
    const badSig = await s.api('/api/auth/walletlogin', {
      ...forged.body,
      signature: await other.signMessage({ message: forged.message }),
    });
    expect(badSig.body.data.error).toBe('siwe_invalid');
    // The refused attempt did not spend the nonce: the real signature still works.
    expect((await s.api('/api/auth/walletlogin', forged.body)).body.code).toBe(200);

    const expired = await signIn({ expirationTime: new Date(Date.now() - 1000) });
    expect((await s.api('/api/auth/walletlogin', expired.body)).body.data.error).toBe('siwe_expired');

    const madeUp = await signIn({ nonce: 'abcdefgh12345678' });
    expect((await s.api('/api/auth/walletlogin', madeUp.body)).body.data.error).toBe('siwe_nonce_invalid');

    const wrongType = await signIn();
    const typed = await s.api('/api/auth/walletlogin', { ...wrongType.body, wallet_type: 1 });
    expect(typed.body.data.error).toBe('wallet_type_unsupported');

    const garbage = await s.api('/api/auth/walletlogin', { ...wrongType.body, message: 'hello' });
    expect(garbage.body.data.error).toBe('siwe_invalid');
    const badAddress = await s.api('/api/auth/walletlogin', { ...wrongType.body, address: '0x123' });
    expect(badAddress.body.data.error).toBe('field_invalid');

    // Only the two good sign-ins created users.
    expect(await count(s.db, 'users')).toBe(users + 2);
  });
});

describe('Sign-In with Ethereum in production without PUBLIC_URL', () => {
  it('is off, says so in the log at start, and answers a translated error', async () => {
    const s = await startServer('pglite', loadConfigOverrides({ NODE_ENV: 'production' }));
    try {
      expect(s.logs.some((l) => l.includes('wallet login is off: set PUBLIC_URL'))).toBe(true);
      const wallet = privateKeyToAccount(generatePrivateKey());
      const res = await s.api(
        '/api/auth/walletnonce',
        { address: wallet.address, chainId: 1 },
        { host: 'otc.example', lang: 'fr' },
      );
      expect(res.status).toBe(503);
      expect(res.body.data.error).toBe('wallet_login_unavailable');
      expect(res.body.msg).toBe("La connexion par portefeuille n'est pas disponible sur ce site.");
      expect(await count(s.db, 'siwe_nonces')).toBe(0);
    } finally {
      await s.close();
    }
  });
});

/** The settings a start with these environment variables has that differ from the test defaults. */
function loadConfigOverrides(env: NodeJS.ProcessEnv) {
  const { production, publicUrl } = loadConfig(env);
  return { production, publicUrl };
}
