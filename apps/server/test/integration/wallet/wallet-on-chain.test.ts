import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositFromWallet } from '../../../../web/src/wallet/deposit.ts';
import type { Eip1193Provider } from '../../../../web/src/wallet/eip1193.ts';
import { readTokenBalance } from '../../../../web/src/wallet/token.ts';
import { sendNativeTransfer, sendTokenTransfer } from '../../../../web/src/wallet/transfer.ts';
import { type DevAccount, type DevChain, startDevChain } from '../chain/dev-chain.ts';

/**
 * The web app's wallet module against a real EVM node (anvil, the dev USDT of 6 decimals): the
 * browser wallet is a thin EIP-1193 provider over the node, whose dev accounts are unlocked, so
 * what the module asks for is what the chain does.
 */
function nodeWallet(dev: DevChain, account: DevAccount) {
  const sent: Record<string, string>[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      if (method === 'eth_requestAccounts') return [account.address];
      if (method === 'wallet_switchEthereumChain') {
        const wanted = Number((params as [{ chainId: string }])[0].chainId);
        if (wanted !== dev.chainId) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
        return null;
      }
      if (method === 'eth_sendTransaction') sent.push((params as [Record<string, string>])[0]);
      const res = await fetch(dev.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      });
      const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
      return body.result;
    },
  };
  return { provider, sent };
}

describe('the browser wallet module on the dev chain', () => {
  let dev: DevChain;
  let payer: DevAccount;
  let depositAddress: DevAccount;
  beforeAll(async () => {
    dev = await startDevChain();
    payer = dev.accounts[5] as DevAccount;
    depositAddress = dev.accounts[6] as DevAccount;
    await dev.transferUsdt(dev.deployer.key, payer.address, '250.5');
  });
  afterAll(() => dev?.stop());

  it('reads the balance with the decimals the token reports', async () => {
    const { provider } = nodeWallet(dev, payer);
    expect(await readTokenBalance(provider, dev.usdt, payer.address)).toEqual({
      units: 250_500_000n,
      decimals: 6,
      amount: '250.5',
    });
  });

  it('deposits exactly 100 USDT to the deposit address, at 1.3 x the gas price with gas 100000', async () => {
    const { provider, sent } = nodeWallet(dev, payer);
    const before = await dev.usdtBalance(depositAddress.address);
    const gasPrice = BigInt((await provider.request({ method: 'eth_gasPrice' })) as string);
    const outcome = await depositFromWallet(provider, {
      chainId: dev.chainId,
      to: depositAddress.address,
      token: dev.usdt,
      decimals: 6,
      amount: '100',
    });
    expect(outcome.status).toBe('sent');
    const hash = (outcome as { hash: `0x${string}` }).hash;
    const receipt = await dev.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(await dev.usdtBalance(depositAddress.address)).toBe(before + 100_000_000n);
    expect(await dev.usdtBalance(payer.address)).toBe(150_500_000n);
    const tx = await dev.client.getTransaction({ hash });
    expect(tx.gas).toBe(100_000n);
    expect(tx.gasPrice).toBe((gasPrice * 13n + 9n) / 10n);
    expect(tx.to?.toLowerCase()).toBe(dev.usdt.toLowerCase());
    expect(sent).toHaveLength(1);
  });

  it('refuses more than the wallet holds without sending anything', async () => {
    const { provider, sent } = nodeWallet(dev, payer);
    expect(
      await depositFromWallet(provider, {
        chainId: dev.chainId,
        to: depositAddress.address,
        token: dev.usdt,
        amount: '150.500001',
      }),
    ).toEqual({ status: 'amount', problem: 'insufficient', balance: '150.5' });
    expect(sent).toEqual([]);
  });

  it("says 'error' with the node's reason when a transfer cannot go, and sends native coin", async () => {
    const stranger = nodeWallet(dev, { ...payer, address: '0x000000000000000000000000000000000000dEaD' });
    const failed = await sendTokenTransfer(stranger.provider, {
      from: '0x000000000000000000000000000000000000dEaD',
      token: dev.usdt,
      to: depositAddress.address,
      units: 1n,
    });
    expect(failed.status).toBe('error');
    expect((failed as { reason: string }).reason.length).toBeGreaterThan(0);

    const { provider } = nodeWallet(dev, payer);
    const before = await dev.client.getBalance({ address: depositAddress.address });
    const native = await sendNativeTransfer(provider, {
      from: payer.address,
      to: depositAddress.address,
      wei: 10n ** 17n,
    });
    expect(native.status).toBe('sent');
    await dev.client.waitForTransactionReceipt({
      hash: (native as { hash: `0x${string}` }).hash,
      pollingInterval: 50,
    });
    expect(await dev.client.getBalance({ address: depositAddress.address })).toBe(before + 10n ** 17n);
  });
});
