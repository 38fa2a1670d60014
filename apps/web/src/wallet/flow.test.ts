import type { Session, WalletNonce } from '@otc/protocol/auth/schemas';
import { recoverMessageAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { depositFromWallet } from './deposit.ts';
import { findProvider, type WalletWindow } from './discovery.ts';
import type { Eip1193Provider } from './eip1193.ts';
import { switchChain } from './switchChain.ts';
import { readTokenBalance } from './token.ts';
import { sendNativeTransfer, sendTokenTransfer } from './transfer.ts';
import { type WalletLoginDeps, walletLogin } from './walletLogin.ts';

// anvil's second dev account: a known key, so the test signs as a real wallet would.
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8d8a5ae3cc5ef0a5b4');
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const DEPOSIT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

type Handler = (params: unknown) => unknown;

/** The params of the last request of that method. */
const paramsOf = (calls: { method: string; params: unknown }[], method: string) =>
  calls.filter((c) => c.method === method).at(-1)?.params as unknown[] | undefined;

/** A wallet that answers the methods given and records every request; others fail as a wallet would. */
function fakeWallet(handlers: Record<string, Handler>) {
  const calls: { method: string; params: unknown }[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params });
      const handler = handlers[method];
      if (!handler) throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      return handler(params);
    },
  };
  return { provider, calls };
}

const rejected = () => {
  throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
};

describe('finding the wallet', () => {
  const windowWith = (ethereum?: unknown): WalletWindow => Object.assign(new EventTarget(), { ethereum });

  it('gives up after 3 checks 100 ms apart when no wallet appears', async () => {
    const waits: number[] = [];
    expect(await findProvider(windowWith(), async (ms) => void waits.push(ms))).toBeNull();
    expect(waits).toEqual([100, 100]);
  });

  it('prefers the wallet announced by EIP-6963 over window.ethereum', async () => {
    const injected = fakeWallet({}).provider;
    const announced = fakeWallet({}).provider;
    const win = windowWith(injected);
    win.addEventListener('eip6963:requestProvider', () => {
      const info = { uuid: 'u-1', name: 'Dev wallet', icon: 'data:,', rdns: 'local.dev' };
      win.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider: announced }) }),
      );
    });
    const found = await findProvider(win, async () => undefined);
    expect(found?.provider).toBe(announced);
    expect(found?.info?.name).toBe('Dev wallet');
  });

  it('falls back to window.ethereum, and finds one injected between checks', async () => {
    const injected = fakeWallet({}).provider;
    const win = windowWith();
    const found = await findProvider(win, async () => {
      win.ethereum = injected;
    });
    expect(found).toEqual({ info: null, provider: injected });
  });
});

describe('wallet login (seed §4 with SIWE)', () => {
  const nonce: WalletNonce = {
    nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    domain: 'localhost:5173',
    uri: 'http://localhost:5173',
    chainId: 31337,
    issuedAt: '2026-11-25T19:00:00.000Z',
    expirationTime: '2026-11-25T19:10:00.000Z',
    statement: 'Sign in to OTC Markets.',
  };
  const signingWallet = () =>
    fakeWallet({
      eth_requestAccounts: () => [account.address.toLowerCase()],
      eth_chainId: () => '0x7a69',
      personal_sign: (params) => account.signMessage({ message: { raw: (params as [`0x${string}`])[0] } }),
    });

  function app(stored: { token: string | null; walletAddress: string | null }) {
    const log: string[] = [];
    let body: Parameters<WalletLoginDeps['login']>[0] | undefined;
    const deps: WalletLoginDeps = {
      session: {
        current: () => stored,
        clear: () => void log.push('clear'),
        store: () => void log.push('store'),
      },
      nonce: async (req) => {
        log.push(`nonce ${req.address} ${req.chainId}`);
        return nonce;
      },
      login: async (req) => {
        body = req;
        log.push('login');
        return { token: 't', user: {} } as Session;
      },
      reload: () => void log.push('reload'),
    };
    return { deps, log, body: () => body };
  }

  it('does nothing when the stored user is this wallet and has a token', async () => {
    const { provider, calls } = signingWallet();
    const { deps, log } = app({ token: 'tok', walletAddress: account.address.toLowerCase() });
    expect(await walletLogin(provider, deps)).toEqual({ status: 'already' });
    expect(log).toEqual([]);
    expect(calls.map((c) => c.method)).toEqual(['eth_requestAccounts']);
  });

  it('stores nothing and hands the challenge back when the account has two-factor on', async () => {
    const { provider } = signingWallet();
    const { deps, log } = app({ token: null, walletAddress: null });
    deps.login = async () => {
      log.push('login');
      return { totpRequired: true, challenge: 'ch', expiresAt: '2026-11-29T10:05:00.000Z' };
    };
    expect(await walletLogin(provider, deps)).toEqual({ status: 'code', challenge: 'ch' });
    expect(log).toEqual(['clear', `nonce ${account.address} 31337`, 'login']);
  });

  it('otherwise clears, signs the SIWE message of the nonce, logs in, stores and reloads', async () => {
    const { provider } = signingWallet();
    const { deps, log, body } = app({
      token: 'tok',
      walletAddress: '0x0000000000000000000000000000000000000001',
    });
    expect(await walletLogin(provider, deps)).toEqual({ status: 'signed-in' });
    expect(log).toEqual(['clear', `nonce ${account.address} 31337`, 'login', 'store', 'reload']);
    const sent = body();
    expect(sent?.wallet_type).toBe(2);
    expect(sent?.address).toBe(account.address);
    // The server's parser reads back every field it checks, and the signature is the wallet's.
    const parsed = parseSiweMessage(sent?.message ?? '');
    expect(parsed).toMatchObject({
      address: account.address,
      domain: nonce.domain,
      uri: nonce.uri,
      nonce: nonce.nonce,
      chainId: 31337,
      version: '1',
    });
    expect(
      validateSiweMessage({
        message: parsed,
        domain: nonce.domain,
        nonce: nonce.nonce,
        time: new Date('2026-11-25T19:05:00Z'),
      }),
    ).toBe(true);
    expect(
      await recoverMessageAddress({
        message: sent?.message ?? '',
        signature: sent?.signature as `0x${string}`,
      }),
    ).toBe(account.address);
    // Line for line the message EIP-4361's reference shape gives for these fields.
    expect(sent?.message).toBe(
      createSiweMessage({
        ...nonce,
        address: account.address,
        version: '1',
        issuedAt: new Date(nonce.issuedAt),
        expirationTime: new Date(nonce.expirationTime),
      }),
    );
  });

  it('stops without logging in when the user declines to sign', async () => {
    const { provider } = fakeWallet({
      eth_requestAccounts: () => [account.address],
      eth_chainId: () => '0x1',
      personal_sign: rejected,
    });
    const { deps, log } = app({ token: null, walletAddress: null });
    expect(await walletLogin(provider, deps)).toEqual({ status: 'rejected' });
    expect(log).not.toContain('login');
    expect(log).not.toContain('reload');
  });

  it('lets a server refusal through, storing nothing', async () => {
    const { provider } = signingWallet();
    const { deps, log } = app({ token: null, walletAddress: null });
    deps.login = async () => {
      throw new Error('The signed message is not valid');
    };
    await expect(walletLogin(provider, deps)).rejects.toThrow('not valid');
    expect(log).not.toContain('store');
    expect(log).not.toContain('reload');
  });
});

describe('chain, balance and transfers', () => {
  it('switches chains, and says when the wallet refuses or does not know the chain', async () => {
    let chain = '0x1';
    const willing = fakeWallet({
      eth_chainId: () => chain,
      wallet_switchEthereumChain: (params) => {
        chain = (params as [{ chainId: string }])[0].chainId;
        return null;
      },
    });
    expect(await switchChain(willing.provider, 31337)).toEqual({ status: 'on-chain' });
    expect(willing.calls.find((c) => c.method === 'wallet_switchEthereumChain')?.params).toEqual([
      { chainId: '0x7a69' },
    ]);
    expect(
      await switchChain(
        fakeWallet({ eth_chainId: () => '0x1', wallet_switchEthereumChain: rejected }).provider,
        56,
      ),
    ).toEqual({ status: 'rejected' });
    const unknown = () => {
      throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
    };
    expect(
      await switchChain(
        fakeWallet({ eth_chainId: () => '0x1', wallet_switchEthereumChain: unknown }).provider,
        25,
      ),
    ).toEqual({ status: 'unknown-chain' });
    expect(
      await switchChain(
        fakeWallet({ eth_chainId: () => '0x1', wallet_switchEthereumChain: () => null }).provider,
        25,
      ),
    ).toEqual({
      status: 'refused',
      reason: 'still on chain 1',
    });
  });

  it('reads the balance with the decimals the token reports', async () => {
    const { provider, calls } = fakeWallet({
      eth_call: (params) => {
        const data = (params as [{ data: string }])[0].data;
        return data === '0x313ce567'
          ? `0x${(18).toString(16).padStart(64, '0')}`
          : `0x${1_500_000_000_000_000_000n.toString(16).padStart(64, '0')}`;
      },
    });
    expect(await readTokenBalance(provider, TOKEN, account.address)).toEqual({
      units: 1_500_000_000_000_000_000n,
      decimals: 18,
      amount: '1.5',
    });
    expect(calls.every((c) => (c.params as [{ to: string }])[0].to === TOKEN)).toBe(true);
  });

  it('sends the exact amount to the deposit address at 1.3 x the gas price with gas 100000', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const { provider, calls } = fakeWallet({
      eth_gasPrice: () => '0x3b9aca00',
      eth_sendTransaction: () => hash,
    });
    expect(
      await sendTokenTransfer(provider, {
        from: account.address,
        token: TOKEN,
        to: DEPOSIT,
        units: 100_000_000n,
      }),
    ).toEqual({ status: 'sent', hash });
    const [tx] = (paramsOf(calls, 'eth_sendTransaction') ?? []) as [Record<string, string>];
    expect(tx).toEqual({
      from: account.address,
      to: TOKEN,
      value: '0x0',
      gas: '0x186a0',
      gasPrice: `0x${(1_300_000_000).toString(16)}`,
      data: `0xa9059cbb${DEPOSIT.slice(2).toLowerCase().padStart(64, '0')}${(100_000_000).toString(16).padStart(64, '0')}`,
    });
  });

  it("returns 'error' with the reason when a transfer fails, and sends nothing for a bad one", async () => {
    const refused = fakeWallet({ eth_gasPrice: () => '0x1', eth_sendTransaction: rejected });
    expect(
      await sendTokenTransfer(refused.provider, {
        from: account.address,
        token: TOKEN,
        to: DEPOSIT,
        units: 1n,
      }),
    ).toEqual({
      status: 'error',
      reason: 'User rejected the request.',
    });
    expect(
      await sendNativeTransfer(refused.provider, { from: account.address, to: DEPOSIT, wei: 10n ** 18n }),
    ).toEqual({
      status: 'error',
      reason: 'User rejected the request.',
    });
    const idle = fakeWallet({});
    expect(
      (
        await sendTokenTransfer(idle.provider, {
          from: account.address,
          token: TOKEN,
          to: DEPOSIT,
          units: 0n,
        })
      ).status,
    ).toBe('error');
    expect(
      (await sendNativeTransfer(idle.provider, { from: account.address, to: '0x1234', wei: 1n })).status,
    ).toBe('error');
    expect(idle.calls).toEqual([]);
  });

  it('sends a native transfer of the value in wei', async () => {
    const hash = `0x${'cd'.repeat(32)}`;
    const { provider, calls } = fakeWallet({ eth_gasPrice: () => '0xa', eth_sendTransaction: () => hash });
    expect(
      await sendNativeTransfer(provider, { from: account.address, to: DEPOSIT, wei: 10n ** 18n }),
    ).toEqual({ status: 'sent', hash });
    expect(paramsOf(calls, 'eth_sendTransaction')?.[0]).toEqual({
      from: account.address,
      to: DEPOSIT,
      value: '0xde0b6b3a7640000',
      gas: '0x186a0',
      gasPrice: '0xd',
    });
  });
});

describe('a deposit from the wallet', () => {
  const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
  /** A wallet on chain 1 holding 150 USDT of 6 decimals, which switches when asked. */
  function holding(units = 150_000_000n, tokenDecimals = 6n) {
    let chain = '0x1';
    return fakeWallet({
      eth_requestAccounts: () => [account.address],
      eth_chainId: () => chain,
      wallet_switchEthereumChain: (params) => {
        chain = (params as [{ chainId: string }])[0].chainId;
        return null;
      },
      eth_call: (params) =>
        (params as [{ data: string }])[0].data === '0x313ce567' ? word(tokenDecimals) : word(units),
      eth_gasPrice: () => '0x64',
      eth_sendTransaction: () => `0x${'ef'.repeat(32)}`,
    });
  }
  const order = { chainId: 31337, to: DEPOSIT, token: TOKEN, amount: '100' };

  it('switches to the deposit chain and sends exactly the amount to the deposit address', async () => {
    const { provider, calls } = holding();
    expect(await depositFromWallet(provider, order)).toEqual({
      status: 'sent',
      hash: `0x${'ef'.repeat(32)}`,
      from: account.address,
    });
    const sent = paramsOf(calls, 'eth_sendTransaction')?.[0] as Record<string, string>;
    expect(sent.to).toBe(TOKEN);
    expect(sent.data).toBe(
      `0xa9059cbb${DEPOSIT.slice(2).toLowerCase().padStart(64, '0')}${word(100_000_000n).slice(2)}`,
    );
  });

  it('refuses more than the wallet holds, finer than the token, or nothing, before asking to send', async () => {
    for (const [amount, problem] of [
      ['150.000001', 'insufficient'],
      ['1.0000001', 'too_precise'],
      ['0', 'zero'],
      ['ten', 'invalid'],
    ] as const) {
      const { provider, calls } = holding();
      expect(await depositFromWallet(provider, { ...order, amount })).toMatchObject({
        status: 'amount',
        problem,
      });
      expect(calls.map((c) => c.method)).not.toContain('eth_sendTransaction');
    }
    expect(await depositFromWallet(holding().provider, { ...order, amount: '151' })).toEqual({
      status: 'amount',
      problem: 'insufficient',
      balance: '150',
    });
  });

  it('stops when the token reports other decimals than the server knows, or the wallet will not switch', async () => {
    expect(await depositFromWallet(holding(1n, 18n).provider, { ...order, decimals: 6 })).toEqual({
      status: 'decimals-differ',
      chain: 18,
      server: 6,
    });
    const stubborn = fakeWallet({
      eth_requestAccounts: () => [account.address],
      eth_chainId: () => '0x38',
      wallet_switchEthereumChain: rejected,
    });
    expect(await depositFromWallet(stubborn.provider, order)).toEqual({ status: 'switch-declined' });
    expect(stubborn.calls.map((c) => c.method)).not.toContain('eth_sendTransaction');
  });
});
