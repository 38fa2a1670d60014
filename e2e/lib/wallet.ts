import type { Page } from 'playwright-core';
import { type Hex, numberToHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';

/** A JSON-RPC call to the dev chain's node. */
export async function rpc<T = unknown>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result as T;
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

/**
 * A browser wallet for a journey: an EIP-1193 provider put into the page before its scripts run,
 * announced by EIP-6963 (no window.ethereum, so the app's discovery is what finds it). Its requests
 * come back to this process, which holds the key as a wallet app would: it signs messages and
 * transactions itself and forwards everything else to the dev chain's node.
 */
export class DevWallet {
  readonly account: PrivateKeyAccount;
  /** What the page asked, in order (method names). */
  readonly requests: string[] = [];

  constructor(
    readonly chainId: number,
    readonly rpcUrl: string | undefined,
    key: Hex = generatePrivateKey(),
  ) {
    this.account = privateKeyToAccount(key);
  }

  get address(): Hex {
    return this.account.address;
  }

  async installIn(page: Page): Promise<void> {
    await page.exposeFunction('__e2eWallet', (method: string, params: unknown[]) =>
      this.answer(method, params),
    );
    await page.addInitScript(() => {
      type Bridge = (method: string, params: unknown[]) => Promise<Answer>;
      const bridge = (window as unknown as { __e2eWallet: Bridge }).__e2eWallet;
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const answer = await bridge(method, params ?? []);
          if ('error' in answer)
            throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          return answer.result;
        },
        on() {},
        removeListener() {},
      };
      const info = {
        uuid: '5b0e3a39-8c5e-4b7e-9a5e-0e2e0e2e0e2e',
        name: 'E2E dev wallet',
        icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
        rdns: 'local.e2e.wallet',
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    });
  }

  private async answer(method: string, params: unknown[]): Promise<Answer> {
    this.requests.push(method);
    try {
      return { result: await this.handle(method, params) };
    } catch (error) {
      const e = error as { code?: number; message?: string };
      return {
        error: { code: typeof e.code === 'number' ? e.code : -32603, message: e.message ?? String(error) },
      };
    }
  }

  private async handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [this.address];
      case 'eth_chainId':
        // The node's own, when there is one: the app must read the chain it is really on.
        return this.rpcUrl ? rpc(this.rpcUrl, method) : numberToHex(this.chainId);
      case 'personal_sign':
        return this.account.signMessage({ message: { raw: params[0] as Hex } });
      case 'wallet_switchEthereumChain': {
        const wanted = Number((params[0] as { chainId: string }).chainId);
        if (wanted !== this.chainId) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
        return null;
      }
      case 'eth_sendTransaction':
        return this.sendTransaction(params[0] as Record<string, Hex>);
      default:
        if (!this.rpcUrl) throw Object.assign(new Error(`no node for ${method}`), { code: 4200 });
        return rpc(this.rpcUrl, method, params);
    }
  }

  /** Signed here with the wallet's key, as a wallet app does, and sent raw to the node. */
  private async sendTransaction(tx: Record<string, Hex>): Promise<Hex> {
    if (!this.rpcUrl) throw Object.assign(new Error('no node'), { code: 4200 });
    if (tx.from?.toLowerCase() !== this.address.toLowerCase())
      throw Object.assign(new Error('not this wallet’s account'), { code: 4100 });
    const nonce = await rpc<Hex>(this.rpcUrl, 'eth_getTransactionCount', [this.address, 'pending']);
    const signed = await this.account.signTransaction({
      type: 'legacy',
      chainId: this.chainId,
      nonce: Number(nonce),
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value ?? '0x0'),
      gas: BigInt(tx.gas as Hex),
      gasPrice: BigInt(tx.gasPrice as Hex),
    });
    return rpc<Hex>(this.rpcUrl, 'eth_sendRawTransaction', [signed]);
  }
}
