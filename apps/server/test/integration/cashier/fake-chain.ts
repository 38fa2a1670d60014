import { createHash } from 'node:crypto';
import type { DepositChain, TokenTransfer } from '../../../src/cashier/deposit/chains.ts';

/**
 * A chain in memory for the watcher's rules: blocks with hashes and USDT transfers, that can be
 * mined, reorganised (a block replaced, so its hash changes) and cut back, like a node would.
 */
export class FakeChain implements DepositChain {
  readonly name = 'Fake chain';
  readonly token = `0x${'dd'.repeat(20)}`;
  readonly hotWallet = `0x${'ee'.repeat(20)}`;
  /** Token balances by lower-case address: transfers add to them, as the token would. */
  readonly balances = new Map<string, bigint>();
  private blocks: { hash: string; transfers: Omit<TokenTransfer, 'blockNumber' | 'blockHash'>[] }[] = [];
  private forks = 0;
  private txs = 0;

  constructor(
    readonly chainId: number,
    readonly confirmations = 3,
    private readonly tokenDecimals = 6,
  ) {
    this.mine(1);
  }

  private hashOf(n: number) {
    return `0x${createHash('sha256').update(`${this.chainId}:${n}:${this.forks}`).digest('hex')}`;
  }

  mine(count = 1) {
    for (let i = 0; i < count; i++)
      this.blocks.push({ hash: this.hashOf(this.blocks.length), transfers: [] });
  }

  /** A transfer mined in a new block; its tx hash, to replay or look for. */
  transfer(to: string, value: bigint): { txHash: string; logIndex: number } {
    const txHash = `0x${(++this.txs).toString(16).padStart(64, '0')}`;
    this.balances.set(to.toLowerCase(), (this.balances.get(to.toLowerCase()) ?? 0n) + value);
    this.blocks.push({
      hash: this.hashOf(this.blocks.length),
      transfers: [{ txHash, logIndex: 0, to: to.toLowerCase(), value }],
    });
    return { txHash, logIndex: 0 };
  }

  /** Cuts the chain back to `height` blocks (a dev chain's revert), then mines on a new fork. */
  revertTo(height: number) {
    this.blocks = this.blocks.slice(0, height);
    this.forks++;
  }

  get height() {
    return this.blocks.length;
  }

  async head() {
    return BigInt(this.blocks.length - 1);
  }
  async blockHash(n: bigint) {
    return this.blocks[Number(n)]?.hash ?? null;
  }
  async transfers(from: bigint, to: bigint): Promise<TokenTransfer[]> {
    const out: TokenTransfer[] = [];
    for (let n = Number(from); n <= Number(to); n++) {
      const block = this.blocks[n];
      if (!block) continue;
      for (const t of block.transfers) out.push({ ...t, blockNumber: BigInt(n), blockHash: block.hash });
    }
    return out;
  }
  async decimals() {
    return this.tokenDecimals;
  }
  async balanceOf(address: string) {
    return this.balances.get(address.toLowerCase()) ?? 0n;
  }
}
